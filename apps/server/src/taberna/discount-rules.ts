import type { tabernaDiscounts } from '../db/schema/index.js';
import { centsToDecimal, taxOf } from './money.js';

export type DiscountRow = typeof tabernaDiscounts.$inferSelect;

/**
 * The field a refused code is reported under (400, field errors): `code` when it is applied (the
 * request's field), `discount_code` when an order is placed (the checkout form has no `code`, and
 * clients read a bare `code` key as a machine code).
 */
export const DISCOUNT_FIELD = 'code';
export const PLACEMENT_DISCOUNT_FIELD = 'discount_code';

export const DISCOUNT_MESSAGES = {
  unknown: 'This discount code does not exist.',
  gone: 'This discount code no longer exists. Remove it from your cart.',
  usedUp: 'This discount code has been used up.',
  usedByYou: 'You have already used this discount code.',
  emptyCart: 'Your cart is empty: add something before applying a discount code.',
  notYet: (startsAt: Date) => `This discount code is valid from ${dateText(startsAt)}.`,
  expired: (endsAt: Date) => `This discount code expired on ${dateText(endsAt)}.`,
  belowMinimum: (minCents: number) => `This discount code needs a subtotal of at least ${centsToDecimal(minCents)}.`,
};

const dateText = (date: Date) =>
  date.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/**
 * What a code takes off a merchandise subtotal, in cents: a percentage rounded half up to the
 * cent, or a fixed amount, never more than the subtotal.
 */
export function discountCents(code: Pick<DiscountRow, 'kind' | 'value'>, subtotalCents: number): number {
  const off = code.kind === 'percent' ? taxOf(subtotalCents, code.value) : code.value;
  return Math.min(off, subtotalCents);
}

/**
 * Why a code does not apply to a cart of this subtotal now (its dates, its minimum), or null.
 * Uses are counted elsewhere: they need the orders that hold the code.
 */
export function whyNotApplicable(
  code: Pick<DiscountRow, 'startsAt' | 'endsAt' | 'minSubtotalCents'>,
  subtotalCents: number,
  now: Date,
): string | null {
  if (code.startsAt && now < code.startsAt) return DISCOUNT_MESSAGES.notYet(code.startsAt);
  if (code.endsAt && now >= code.endsAt) return DISCOUNT_MESSAGES.expired(code.endsAt);
  if (code.minSubtotalCents !== null && subtotalCents < code.minSubtotalCents)
    return DISCOUNT_MESSAGES.belowMinimum(code.minSubtotalCents);
  return null;
}

/** The uses a code has left against its limit, counting the orders that hold it; why not, or null. */
export function whyNoUseLeft(
  code: Pick<DiscountRow, 'usageLimit' | 'oncePerCustomer'>,
  uses: { held: number; heldByCustomer: number },
): string | null {
  if (code.usageLimit !== null && uses.held >= code.usageLimit) return DISCOUNT_MESSAGES.usedUp;
  if (code.oncePerCustomer && uses.heldByCustomer > 0) return DISCOUNT_MESSAGES.usedByYou;
  return null;
}
