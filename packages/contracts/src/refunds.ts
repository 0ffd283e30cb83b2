/**
 * Issue 28: what a refund of some of an order's lines gives back by default, in integer cents, the
 * same on the server (which charges it) and in the back office's refund dialog (which prefills it).
 */

/** A line of the order: its unit price in cents, how many were bought and how many already refunded. */
export interface RefundableLine {
  id: number;
  unitCents: number;
  quantity: number;
  refundedQuantity: number;
}

export interface RefundableOrder {
  lines: readonly RefundableLine[];
  /** The lines' goods and the tax the order charged on them, in cents. */
  subtotalCents: number;
  taxCents: number;
  /** What a discount code took off the goods, in cents (absent or 0 without one). */
  discountCents?: number;
  /** What of the payment has not been refunded yet, in cents. */
  remainingCents: number;
}

/** A line and how many of it to refund. */
export interface RefundChoice {
  line_id: number;
  quantity: number;
}

/** The tax the order charged on `goodsCents` of its goods: their share of the order's tax. */
export const taxShareCents = (goodsCents: number, order: Pick<RefundableOrder, 'subtotalCents' | 'taxCents'>): number =>
  order.subtotalCents > 0 ? Math.round((order.taxCents * goodsCents) / order.subtotalCents) : 0;

/** True when, after refunding `choice`, nothing of any line is left unrefunded. */
export function refundsEveryLine(order: RefundableOrder, choice: readonly RefundChoice[]): boolean {
  return order.lines.every((line) => {
    const chosen = choice.find((item) => item.line_id === line.id)?.quantity ?? 0;
    return line.refundedQuantity + chosen >= line.quantity;
  });
}

/**
 * The default amount of a refund of `choice`: the chosen quantities at the price the order charged,
 * less their share of its discount, with their share of its tax; the refund that leaves no line unrefunded gives back all that remains
 * (the shipping and what rounding left). Never more than remains. Lines not of the order count 0.
 */
export function refundAmountCents(order: RefundableOrder, choice: readonly RefundChoice[]): number {
  if (choice.length > 0 && refundsEveryLine(order, choice)) return order.remainingCents;
  const goodsCents = choice.reduce((sum, item) => {
    const line = order.lines.find((candidate) => candidate.id === item.line_id);
    return sum + (line ? line.unitCents * item.quantity : 0);
  }, 0);
  const discountShare = order.subtotalCents > 0 ? Math.round(((order.discountCents ?? 0) * goodsCents) / order.subtotalCents) : 0;
  return Math.min(order.remainingCents, goodsCents - discountShare + taxShareCents(goodsCents, order));
}
