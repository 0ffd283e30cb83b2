import { refundAmountCents, type BoOrder, type BoRefundRequest, type RefundChoice } from '@portal/contracts';

/** Issue 28: the refund dialog's rules, apart from its fields (tested in refund-form.test.ts). */

const toCents = (decimal: string) => Math.round(Number(decimal) * 100);
const toDecimal = (cents: number) => (cents / 100).toFixed(2);

/** What staff typed per line id (a quantity field's text). */
export type RefundQuantities = Record<number, string>;

/** How many of a line can still be refunded. */
export const leftOf = (line: BoOrder['lines'][number]) => line.quantity - line.refunded_quantity;

/** The lines with something left to refund. */
export const refundableLines = (order: BoOrder) => order.lines.filter((line) => leftOf(line) > 0);

/** A quantity field's error, or null when it is a whole number from 0 to what is left. */
export function quantityError(line: BoOrder['lines'][number], text: string): string | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) return 'A whole number, 0 or more.';
  if (value > leftOf(line)) return `At most ${leftOf(line)}.`;
  return null;
}

/** The lines chosen, with a quantity above 0 (fields in error or empty are left out). */
export function chosenLines(order: BoOrder, quantities: RefundQuantities): RefundChoice[] {
  return refundableLines(order).flatMap((line) => {
    const text = quantities[line.id] ?? '';
    const quantity = Number(text);
    return text.trim() !== '' && quantityError(line, text) === null && quantity > 0 ? [{ line_id: line.id, quantity }] : [];
  });
}

/** The amount the server refunds by default for these lines (same rule: `refundAmountCents`), as "12.50". */
export function suggestedAmount(order: BoOrder, quantities: RefundQuantities): string {
  return toDecimal(
    refundAmountCents(
      {
        lines: order.lines.map((line) => ({
          id: line.id,
          unitCents: toCents(line.unit_price),
          quantity: line.quantity,
          refundedQuantity: line.refunded_quantity,
        })),
        subtotalCents: toCents(order.subtotal),
        taxCents: toCents(order.tax),
        discountCents: order.discount ? toCents(order.discount.amount) : 0,
        remainingCents: toCents(order.refundable),
      },
      chosenLines(order, quantities),
    ),
  );
}

/** The amount field's error, or null: more than 0, in cents at most, no more than remains. */
export function amountError(order: BoOrder, text: string): string | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text.trim())) return 'An amount like 12.50.';
  const cents = toCents(text.trim());
  if (cents <= 0) return 'A refund is more than 0.';
  if (cents > toCents(order.refundable)) return `At most ${order.refundable} can still be refunded.`;
  return null;
}

export interface RefundDraft {
  quantities: RefundQuantities;
  restock: boolean;
  /** The amount field's text, and whether staff typed it (otherwise it follows the lines). */
  amount: string;
  amountEdited: boolean;
}

/** A new draft: no line chosen, restock on, the amount following the lines. */
export const emptyDraft = (): RefundDraft => ({ quantities: {}, restock: true, amount: '0.00', amountEdited: false });

/** The draft after a line's quantity changed: the amount follows unless staff typed one. */
export function withQuantity(order: BoOrder, draft: RefundDraft, lineId: number, text: string): RefundDraft {
  const quantities = { ...draft.quantities, [lineId]: text };
  return { ...draft, quantities, amount: draft.amountEdited ? draft.amount : suggestedAmount(order, quantities) };
}

/**
 * The request to send, or the first reason it cannot be sent. The amount goes only when staff
 * typed one other than the suggestion (the server then computes the same default itself).
 */
export function refundRequest(order: BoOrder, draft: RefundDraft): { request: BoRefundRequest } | { error: string } {
  const badLine = refundableLines(order).find((line) => quantityError(line, draft.quantities[line.id] ?? '') !== null);
  if (badLine) return { error: `${badLine.product_name}: ${quantityError(badLine, draft.quantities[badLine.id] ?? '')}` };
  const lines = chosenLines(order, draft.quantities);
  const amountProblem = amountError(order, draft.amount);
  if (amountProblem) return { error: lines.length === 0 && !draft.amountEdited ? 'Choose what to refund.' : amountProblem };
  const typed = draft.amountEdited && draft.amount.trim() !== suggestedAmount(order, draft.quantities);
  return {
    request: {
      lines,
      restock: draft.restock,
      ...(typed || lines.length === 0 ? { amount: toDecimal(toCents(draft.amount.trim())) } : {}),
    },
  };
}
