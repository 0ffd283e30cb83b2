import type { Readable } from 'node:stream';
import type { Deps } from '../core/deps.js';
import { Conflict, NotFound } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import { invoiceModel } from './invoice-model.js';
import { createOrdersRepository, type OrderRow } from './orders.repository.js';

export type InvoiceDocument = 'invoice' | 'packing-slip';

/** A PDF to send: its file name and its bytes as they are made. */
export interface PdfAnswer {
  filename: string;
  body: Readable;
}

export const NOT_INVOICED = 'This order is not paid, so it has no invoice yet.';
export const NO_SUCH_ORDER = 'No such order.';

/**
 * Issue 28: an order's invoice and packing slip as PDF, for its customer and for staff. Reading the
 * order and laying out the PDF run as one expensive read (issue 24: a slot of their own, a timeout,
 * 503 when too many at once); the bytes then stream out.
 */
export function createInvoicesService({ expensiveReads, config }: Pick<Deps, 'expensiveReads' | 'config'>) {
  const settings = { name: config.shop.name, address: config.shop.address, currency: config.shop.currency };

  function render(document: InvoiceDocument, find: (db: Executor) => Promise<OrderRow | undefined>): Promise<PdfAnswer> {
    return expensiveReads.run(async (db) => {
      const order = await find(db);
      if (!order) throw new NotFound(NO_SUCH_ORDER);
      const { invoiceNumber, invoiceDate } = order;
      if (order.paymentState !== 'paid' || invoiceNumber === null || invoiceDate === null) throw new Conflict(NOT_INVOICED);
      const repo = createOrdersRepository(db);
      const [lines, refunds] = await Promise.all([repo.linesOf([order.id]), repo.refundsOf([order.id])]);
      const model = invoiceModel({ ...order, invoiceNumber, invoiceDate }, lines, settings, refunds);
      // PDFKit and its fonts load on the first document, not at start-up (issue 24: 0.2 s of it).
      const { invoicePdf, packingSlipPdf } = await import('./invoice-pdf.js');
      return document === 'invoice'
        ? { filename: `invoice-${invoiceNumber}.pdf`, body: invoicePdf(model) }
        : { filename: `packing-slip-${order.orderNumber}.pdf`, body: packingSlipPdf(model) };
    });
  }

  return {
    /** The customer's own order's invoice: another's, or none, is not found. */
    customerInvoice(accountId: number, orderNumber: string): Promise<PdfAnswer> {
      return render('invoice', (db) => createOrdersRepository(db).ofAccountByNumber(accountId, orderNumber));
    },
    /** Any order's invoice or packing slip (staff). */
    staffDocument(orderId: number, document: InvoiceDocument): Promise<PdfAnswer> {
      return render(document, (db) => createOrdersRepository(db).byId(orderId));
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
