/** What other domains may use of the shop. */
export { createCatalogueService, type CatalogueService } from './catalogue.service.js';
/** For the back office's "mark shipped": the customer's notice that an order is on its way. */
export { orderShippedEmail } from './order-email.js';
