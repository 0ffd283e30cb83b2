import type { Executor } from '../db/client.js';
import { createInvoicesRepository } from './invoices.repository.js';

/** `2026-000123`: the year (UTC) and the number within it, six digits at least. */
export const formatInvoiceNumber = (year: number, number: number) => `${year}-${String(number).padStart(6, '0')}`;

/**
 * Issue 28: gives a just-paid order its invoice number and date, on the transaction that marks it
 * paid (`tx`), so the number exists exactly when the payment does: numbers follow each other
 * without gaps within a year, and a new year starts again at 1. The caller checks that the order
 * has none yet (its row is locked by the step to paid).
 */
export async function giveInvoiceNumber(
  tx: Executor,
  orderId: number,
  at: Date,
): Promise<{ invoiceNumber: string; invoiceDate: Date }> {
  const repo = createInvoicesRepository(tx);
  const year = at.getUTCFullYear();
  const invoiceNumber = formatInvoiceNumber(year, await repo.next(year));
  if (!(await repo.set(orderId, invoiceNumber, at))) throw new Error(`order ${orderId} already has an invoice`);
  return { invoiceNumber, invoiceDate: at };
}
