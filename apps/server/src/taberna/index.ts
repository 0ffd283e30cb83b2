/** What other domains may use of the shop. */
export { createCatalogueService, type CatalogueService } from './catalogue.service.js';
/** For the back office: the customer's notices that an order shipped or was refunded. */
export { orderRefundedEmail, orderShippedEmail } from './order-email.js';
/** Where the shop shows a product and a category (the back office links there). */
export { categoryPath, productPath } from './product.serializer.js';
