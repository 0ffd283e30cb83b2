import type { AppliedDiscount } from '@portal/contracts';
import { Invalid } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import { DISCOUNT_FIELD, whyNoUseLeft, whyNotApplicable, type DiscountRow } from './discount-rules.js';
import { createDiscountsRepository } from './discounts.repository.js';
import { centsToNumber } from './money.js';

/**
 * Issue 28: why a code cannot be used by this buyer on a cart of this subtotal now (dates, minimum,
 * uses left counting the orders that hold it, once per customer), or null. `exceptOrderId` leaves
 * one order out of the count and `usesOnly` checks the uses alone (an order paid late: was it placed
 * when the code applied, it still must find its use free).
 */
export async function discountProblem(
  db: Executor,
  code: DiscountRow,
  subtotalCents: number,
  accountId: number | null,
  exceptOrderId = 0,
  usesOnly = false,
): Promise<string | null> {
  const timing = usesOnly ? null : whyNotApplicable(code, subtotalCents, new Date());
  if (timing) return timing;
  if (code.usageLimit === null && !code.oncePerCustomer) return null;
  return whyNoUseLeft(code, await createDiscountsRepository(db).held(code.id, accountId, exceptOrderId));
}

/** A refused code as a 400 under `code`, the field the shopper typed it in (`discount_code` at placement). */
export const discountRefused = (message: string, field = DISCOUNT_FIELD) => Invalid.fields({ [field]: [message] });

/** The `discount` of a cart answer: what it takes off, or 0 and why it does not apply now. */
export const appliedDiscount = (code: string, cents: number, problem: string | null): AppliedDiscount =>
  problem === null ? { code, amount: centsToNumber(cents) } : { code, amount: 0, message: problem };
