import { discountCents, type DiscountRow } from './discount-rules.js';
import { taxOf, toCents } from './money.js';

/** A line to price: its product's unit price as the database keeps it (a decimal string, "19.99") and how many. */
export interface LineToPrice {
  unitPrice: string;
  quantity: number;
}

/** A priced cart; every amount is a whole number of cents. */
export interface CartPrice {
  /** Each line's unit price × quantity, in the order the lines were given. */
  lineCents: number[];
  quantity: number;
  subtotalCents: number;
  /** Issue 28: what a discount code takes off the subtotal (0 without one). */
  discountCents: number;
  /** Tax on the subtotal after the discount, rounded half up to the cent. */
  taxCents: number;
  totalCents: number;
}

/**
 * The shop's one price calculation, shared by the cart view, order placement and the demo orders.
 * Lines are priced in integer cents from the stored decimals; the tax is taken once, on the
 * subtotal (as the reference does with `round(total * 0.02, 2)`), never per line; the total is
 * subtotal plus tax. No fraction of a cent is ever held: callers turn cents into the contract's
 * numbers or the database's decimals at the edge (`money.ts`). Exact while the subtotal in cents
 * times the rate in basis points stays below 2^53: up to 9 billion at a 100% rate, 450 billion at 2%.
 * Issue 28 (decision 026): a discount code comes off the merchandise subtotal first and the tax is
 * taken on what is left, as Shopify does; the total is subtotal − discount + tax.
 */
export function priceCart(
  lines: readonly LineToPrice[],
  taxRateBp: number,
  discount: Pick<DiscountRow, 'kind' | 'value'> | null = null,
): CartPrice {
  const lineCents = lines.map((line) => toCents(line.unitPrice) * line.quantity);
  const subtotalCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const off = discount ? discountCents(discount, subtotalCents) : 0;
  const taxCents = taxOf(subtotalCents - off, taxRateBp);
  return { lineCents, quantity, subtotalCents, discountCents: off, taxCents, totalCents: subtotalCents - off + taxCents };
}
