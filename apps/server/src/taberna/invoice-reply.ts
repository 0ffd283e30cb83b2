import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { PdfAnswer } from './invoices.service.js';

/** The OpenAPI description of a PDF answer. */
export const PDF_BODY = z.any().describe('A PDF document (application/pdf), as an attachment with its file name');

/** Streams a PDF as a download under its file name; never cached (it holds the customer's address). */
export const sendPdf = (reply: FastifyReply, pdf: PdfAnswer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf.body);
