/** What other domains may use of the shop. */
export { createCatalogueService, type CatalogueService } from './catalogue.service.js';
/** For the back office: the customer's notices that an order shipped or was refunded, with the lines' pictures. */
export { orderRefundedEmail, orderShippedEmail } from './order-email.js';
export { createOrderPictures } from './order-pictures.js';
/** Issue 25: variants, their stock moves (in the shop's lock order) and addresses, for the back office. */
export { createVariantsRepository, evenShares, type VariantView } from './variants.repository.js';
export { releaseLines } from './stock-moves.js';
export { addressLines, billingAddressOf } from './billing-address.js';
export { colorImageKey } from './product.serializer.js';
/** Where the shop shows a product and a category (the back office links there). */
export { categoryPath, productPath } from './product.serializer.js';
/** Issue 28: the known carriers' tracking pages. */
export { knownCarrier, trackingUrl } from './carrier-tracking.js';
/** Issue 28: shipping zones and tax rates, kept by the back office; country codes checked as the shop checks them. */
export { createShippingRepository, type ShippingZoneRow, type TaxRateRow } from './shipping.repository.js';
export { countryName, isCountryCode } from './countries.js';
export { centsToDecimal, toCents } from './money.js';
export { createInvoicesService, type InvoicesService } from './invoices.service.js';
export { PDF_BODY, sendPdf } from './invoice-reply.js';
/** Issue 28: discount codes, kept by the back office. */
export { createDiscountsRepository, type DiscountUses, type NewDiscount } from './discounts.repository.js';
export type { DiscountRow } from './discount-rules.js';
