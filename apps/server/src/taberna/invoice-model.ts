import { addressLines, billingAddressOf } from './billing-address.js';
import { centsToDecimal, toCents } from './money.js';
import type { OrderLineRow, OrderRow, RefundRow } from './orders.repository.js';
import { variantLabel } from './variation-choice.js';

/** Amounts are decimal strings as the database keeps them ("19.99"). */
export interface InvoiceLine {
  name: string;
  /** "Red, M": the variant sold; '' for a product without variants. */
  variant: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  /** The line's share of the order's tax (the tax is taken once on the subtotal; the shares add up to it). */
  tax: string;
  /** Unit price × quantity, before tax. */
  total: string;
}

/** An invoice or a packing slip, as the PDF prints it. */
export interface InvoiceModel {
  shop: { name: string; address: string[] };
  currency: string;
  orderNumber: string;
  orderDate: Date;
  invoiceNumber: string;
  invoiceDate: Date;
  email: string;
  billingAddress: string[];
  deliveryAddress: string[];
  lines: InvoiceLine[];
  subtotal: string;
  /** Null: the order had no shipping line (the shop had no zones then). */
  shipping: { method: string; amount: string } | null;
  tax: string;
  total: string;
  /**
   * Seams for issue 28's discount codes and partial refunds (wired where those land): a discount
   * taken off the subtotal, and the refunds made since payment. Printed when present.
   */
  discount?: { code: string; amount: string };
  refunds?: { amount: string; createdAt: Date; lines: { name: string; quantity: number }[] }[];
}

/**
 * Splits `totalCents` over `weights` in proportion, to the cent, so the parts add up to it exactly
 * (largest remainder; ties to the earlier line).
 */
export function shareOut(totalCents: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, index) => (index === 0 ? totalCents : 0));
  const exact = weights.map((weight) => (totalCents * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - parts[index]! }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

const variantOf = (line: OrderLineRow) =>
  line.color !== null || line.size !== null ? variantLabel(line) : line.variations.map((v) => v.variation_value).join(', ');

/** The invoice of a paid order (it has its number), from the order as it was recorded. */
export function invoiceModel(
  order: OrderRow & { invoiceNumber: string; invoiceDate: Date },
  lines: OrderLineRow[],
  settings: { name: string; address: string[]; currency: string },
  refunds: Pick<RefundRow, 'amount' | 'createdAt' | 'lines'>[] = [],
): InvoiceModel {
  const lineCents = lines.map((line) => toCents(line.productPrice) * line.quantity);
  const taxes = shareOut(toCents(order.tax), lineCents);
  const billing = billingAddressOf(order);
  return {
    shop: { name: settings.name, address: settings.address },
    currency: settings.currency,
    orderNumber: order.orderNumber,
    orderDate: order.createdAt,
    invoiceNumber: order.invoiceNumber,
    invoiceDate: order.invoiceDate,
    email: order.email,
    billingAddress: addressLines(billing),
    deliveryAddress: addressLines(order.shippingAddress ?? billing),
    lines: lines.map((line, index) => ({
      name: line.productName,
      variant: variantOf(line),
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.productPrice,
      tax: centsToDecimal(taxes[index]!),
      total: centsToDecimal(lineCents[index]!),
    })),
    subtotal: order.subtotal,
    shipping: order.shippingMethod === null ? null : { method: order.shippingMethod, amount: order.shippingTotal },
    tax: order.tax,
    total: order.orderTotal,
    ...(order.discountCode !== null && { discount: { code: order.discountCode, amount: order.discountTotal } }),
    ...(refunds.length > 0 && {
      refunds: refunds.map((refund) => ({
        amount: refund.amount,
        createdAt: refund.createdAt,
        lines: refund.lines.map((refunded) => ({
          name: lines.find((line) => line.id === refunded.line_id)?.productName ?? 'An item',
          quantity: refunded.quantity,
        })),
      })),
    }),
  };
}
