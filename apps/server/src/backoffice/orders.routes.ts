import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boLedgerListSchema,
  boLedgerQuerySchema,
  boOrderListSchema,
  boOrderNoteSchema,
  boOrderQuerySchema,
  boOrderSchema,
  boRefundRequestSchema,
  boShipRequestSchema,
  boStockAdjustResultSchema,
  boStockAdjustSchema,
  boStockBulkAdjustSchema,
  boStockBulkResultSchema,
} from '@portal/contracts';
import { z } from 'zod';
import { requireStaff } from '../core/auth-user.js';
import { errorResponses } from '../core/openapi-responses.js';
import { PDF_BODY, sendPdf, type InvoicesService } from '../taberna/index.js';
import type { BoOrdersService } from './orders.service.js';
import { idParam, idParams, STAFF_ROUTE, TAGS } from './route-params.js';
import type { StockService } from './stock.service.js';

export async function boOrdersRoutes(
  app: FastifyInstance,
  { orders, stock, invoices }: { orders: BoOrdersService; stock: StockService; invoices: InvoicesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.post('/api/backoffice/stock/:product_id/adjust/', {
    config,
    schema: {
      tags,
      summary:
        "Add to or take from a variant's stock (`variant_id`, needed when the product has several), with a reason; at most 1,000,000 a variant; written to the stock ledger (staff)",
      params: z.object({ product_id: idParam }),
      body: boStockAdjustSchema,
      response: { 200: boStockAdjustResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      stock.adjust(
        requireStaff(request),
        { product_id: request.params.product_id, variant_id: request.body.variant_id, delta: request.body.delta },
        request.body.reason,
      ),
  });

  api.post('/api/backoffice/stock/adjust/', {
    config,
    schema: {
      tags,
      summary: 'Adjust the stock of several products or variants with one reason, all or nothing (staff)',
      body: boStockBulkAdjustSchema,
      response: { 200: boStockBulkResultSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => stock.bulkAdjust(requireStaff(request), request.body.items, request.body.reason),
  });

  api.get('/api/backoffice/stock/', {
    config,
    schema: {
      tags,
      summary: 'The stock ledger: every change (staff adjustments, order reservations and releases), newest first (staff)',
      querystring: boLedgerQuerySchema,
      response: { 200: boLedgerListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => stock.ledger(request.query, request.url),
  });

  api.get('/api/backoffice/orders/', {
    config,
    schema: {
      tags,
      summary: 'Orders by status, searchable by number, email or name (staff)',
      querystring: boOrderQuerySchema,
      response: { 200: boOrderListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => orders.list(request.query, request.url),
  });

  api.get('/api/backoffice/orders/:id/', {
    config,
    schema: {
      tags,
      summary: 'One order: lines, totals, customer, payment and history (staff)',
      params: idParams,
      response: { 200: boOrderSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => orders.order(request.params.id),
  });

  for (const [document, summary] of [
    ['invoice', "Issue 28: a paid order's invoice as a PDF (staff; 409 while unpaid)"],
    [
      'packing-slip',
      "Issue 28: a paid order's packing slip as a PDF: addresses, items and quantities, no prices (staff; 409 while unpaid)",
    ],
  ] as const) {
    api.get(`/api/backoffice/orders/:id/${document}/`, {
      config,
      schema: {
        tags,
        summary,
        params: idParams,
        response: { 200: PDF_BODY, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
      handler: async (request, reply) => sendPdf(reply, await invoices.staffDocument(request.params.id, document)),
    });
  }

  api.post('/api/backoffice/orders/:id/ship/', {
    config,
    schema: {
      tags,
      summary:
        'Mark a paid order shipped, with an optional carrier and tracking number (a known carrier gets a tracking link); the customer is emailed (staff; 409 unless paid)',
      params: idParams,
      body: boShipRequestSchema.optional(),
      response: { 200: boOrderSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      orders.ship(requireStaff(request), request.params.id, {
        tracking: request.body?.tracking ?? '',
        carrier: request.body?.carrier ?? '',
      }),
  });

  api.post('/api/backoffice/orders/:id/notes/', {
    config,
    schema: {
      tags,
      summary: "Add a note (1–2000 characters) to an order's timeline; audited (staff)",
      params: idParams,
      body: boOrderNoteSchema,
      response: { 201: boOrderSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return orders.addNote(requireStaff(request), request.params.id, request.body.body);
    },
  });

  for (const [action, summary] of [
    ['deliver', 'Mark a shipped order delivered (staff; 409 unless shipped)'],
    ['cancel', 'Cancel an unpaid order: its payment page closes and its stock is released (staff; 409 unless placed)'],
  ] as const) {
    api.post(`/api/backoffice/orders/:id/${action}/`, {
      config,
      schema: {
        tags,
        summary,
        params: idParams,
        response: { 200: boOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
      handler: async (request) => orders[action](requireStaff(request), request.params.id),
    });
  }

  api.post('/api/backoffice/orders/:id/refund/', {
    config,
    schema: {
      tags,
      summary:
        'Refund a paid order through the payment provider: with no body, all that remains (stock released); with `{lines: [{line_id, quantity}], restock, amount?}`, those lines, their stock back only when `restock`, for `amount` (default: what they cost with their tax; the last lines also return the shipping). The order is `partially_refunded` until all is refunded; the customer is emailed (staff; 400 for lines or amounts beyond what remains, 409 unless paid or partially refunded)',
      params: idParams,
      // No body at all (null) or `{}`: the whole refund, as before issue 28.
      body: boRefundRequestSchema.nullish(),
      response: { 200: boOrderSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => orders.refund(requireStaff(request), request.params.id, request.body ?? undefined),
  });
}
