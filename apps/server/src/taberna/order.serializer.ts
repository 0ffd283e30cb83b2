import type { CustomerOrderStatus, Order, Product } from '@portal/contracts';
import { deliveryAddress } from './billing-address.js';
import { trackingUrl } from './carrier-tracking.js';
import { centsToNumber, centsToPlain, toCents } from './money.js';
import { colorImage } from './product.serializer.js';
import type { OrderLineRow, OrderRow, PaymentRow, RefundRow } from './orders.repository.js';
import { isoUtc, orderDate } from './shop-dates.js';

/** What a list of orders shows besides the order rows, read by the orders service. */
export interface OrderDetails {
  lines: OrderLineRow[];
  payments: PaymentRow[];
  /** The lines' products in the contract's form, by id. */
  products: Map<number, Product>;
  /** Issue 28: the orders' refunds (none read: none shown). */
  refunds?: RefundRow[];
}

/**
 * Issue 28: the customer's `order_status` keeps the set its clients know (ADR 027): a partly
 * refunded order is still `paid` (its refunds are listed with it).
 */
const customerStatus = (status: string): CustomerOrderStatus =>
  status === 'partially_refunded' ? 'paid' : (status as CustomerOrderStatus);

/** Contract §2 "Order", with its lines and payment. */
export function serializeOrders(rows: OrderRow[], { lines, payments, products, refunds = [] }: OrderDetails): Order[] {
  return rows.map((row) => {
    const payment = payments.find((p) => p.orderId === row.id);
    const refundsOf = refunds.filter((refund) => refund.orderId === row.id);
    return {
      id: row.id,
      order_number: row.orderNumber,
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.phone,
      email: row.email,
      address_line_1: row.addressLine1,
      address_line_2: row.addressLine2,
      country: row.country,
      state: row.state,
      city: row.city,
      order_note: row.orderNote,
      order_total: centsToNumber(toCents(row.orderTotal)),
      tax: centsToNumber(toCents(row.tax)),
      status: row.status,
      ip: row.ip,
      is_ordered: row.isOrdered,
      created_at: orderDate(row.createdAt),
      payment: payment
        ? {
            payment_id: payment.paymentId,
            payment_method: payment.paymentMethod,
            amount_paid: centsToPlain(toCents(payment.amountPaid)),
            status: payment.status,
            created_at: orderDate(payment.createdAt),
          }
        : null,
      updated_at: isoUtc(row.updatedAt),
      order_products: lines
        .filter((line) => line.orderId === row.id)
        .map((line) => {
          const product = products.get(line.productId)!;
          return {
            id: line.id,
            product,
            variations: line.variations,
            quantity: line.quantity,
            product_price: centsToNumber(toCents(line.productPrice)),
            ordered: line.ordered,
            variant: { id: line.variantId, sku: line.sku, color: line.color, size: line.size },
            image: colorImage(product, line.color),
          };
        }),
      order_status: customerStatus(row.orderStatus),
      tracking: row.tracking,
      shipped_at: row.shippedAt ? isoUtc(row.shippedAt) : null,
      postal_code: row.postalCode,
      country_code: row.countryCode,
      shipping_address: deliveryAddress(row.shippingAddress),
      carrier: row.carrier,
      tracking_url: trackingUrl(row.carrier, row.tracking),
      invoice_number: row.invoiceNumber,
      // Issue 28: only orders that had a shipping rate say so; others answer as before.
      ...(row.shippingMethod === null
        ? {}
        : { shipping_method: row.shippingMethod, shipping_total: centsToNumber(toCents(row.shippingTotal)) }),
      // Issue 28: only orders that were refunded say so.
      ...(refundsOf.length === 0
        ? {}
        : {
            refunds: refundsOf.map((refund) => ({
              amount: centsToNumber(toCents(refund.amount)),
              lines: refund.lines,
              created_at: isoUtc(refund.createdAt),
            })),
          }),
      // Issue 28: only orders placed with a discount code say so.
      ...(row.discountCode === null
        ? {}
        : { discount: { code: row.discountCode, amount: centsToNumber(toCents(row.discountTotal)) } }),
    };
  });
}
