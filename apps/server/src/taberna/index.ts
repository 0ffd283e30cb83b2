/** What other domains may use of the shop. */
export { createCatalogueService, type CatalogueService } from './catalogue.service.js';
