import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  PRODUCT_IMPORT_FIELD,
  PRODUCT_IMPORT_MAX_BYTES,
  orderExportQuerySchema,
  productImportQuerySchema,
  productImportRefusedSchema,
  productImportResultSchema,
} from '@portal/contracts';
import { requireStaff } from '../core/auth-user.js';
import { Invalid, TooLarge } from '../core/domain-errors.js';
import { MALFORMED_FORM, multipartFailure } from '../core/multipart-failure.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { CsvExportService } from './csv-export.service.js';
import type { ProductImportService } from './product-import.service.js';
import { STAFF_ROUTE, TAGS } from './route-params.js';

const csvBody = z.string().describe('text/csv; charset=utf-8, a header row then one row per record');

/** The one file of a multipart upload, under `file`, with its name. */
async function readFile(request: FastifyRequest): Promise<{ file: Buffer; name: string }> {
  const missing = () =>
    Invalid.fields({ [PRODUCT_IMPORT_FIELD]: [`Send the CSV file as multipart form data under "${PRODUCT_IMPORT_FIELD}".`] });
  if (!request.isMultipart()) throw missing();
  let found: { file: Buffer; name: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: PRODUCT_IMPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 256, parts: 3 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== PRODUCT_IMPORT_FIELD) {
        part.file.resume();
        continue;
      }
      found = { file: await part.toBuffer(), name: part.filename.slice(0, 200) };
    }
  } catch (error) {
    const failure = multipartFailure(error);
    if (failure === 'file-too-large') throw new TooLarge(`The file is larger than ${PRODUCT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    if (failure === 'too-many-files') throw Invalid.fields({ [PRODUCT_IMPORT_FIELD]: ['One file at a time.'] });
    throw new Invalid(MALFORMED_FORM);
  }
  if (!found) throw missing();
  if (found.file.length === 0) throw Invalid.fields({ [PRODUCT_IMPORT_FIELD]: ['The file is empty.'] });
  return found;
}

/** A CSV download: its name says what and when (`orders-2026-11-27.csv`). */
function sendCsv(reply: FastifyReply, what: string, body: Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${what}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Issue 28 point 6: CSV exports (streamed) and the product import (ADR 029). */
export async function boCsvRoutes(
  app: FastifyInstance,
  { exports, productImport }: { exports: CsvExportService; productImport: ProductImportService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.get('/api/backoffice/products/export/', {
    config,
    schema: {
      tags,
      summary: "Every sold variant as a CSV row with its product's fields; the import reads the same columns (staff)",
      produces: ['text/csv'],
      response: { 200: csvBody, ...errorResponses(401, 403) },
    },
    handler: async (_request, reply) => sendCsv(reply, 'products', exports.products()),
  });

  api.post('/api/backoffice/products/import/', {
    config,
    schema: {
      tags,
      summary:
        "Import products from CSV (multipart `file`, 2 MB, 5,000 rows; the export's columns): rows with a variant_id update it (price, stock through the ledger…), rows without create products or variants. All or nothing: a file with any error writes nothing and is answered 400 with every error; `dry_run=1` tells what it would do and writes nothing (staff)",
      consumes: ['multipart/form-data'],
      querystring: productImportQuerySchema,
      response: {
        200: productImportResultSchema,
        400: productImportRefusedSchema.or(z.record(z.string(), z.unknown())),
        ...errorResponses(401, 403, 413),
      },
    },
    handler: async (request, reply) => {
      const actor = requireStaff(request);
      const { file, name } = await readFile(request);
      const result = await productImport.importFile(actor, file, name, request.query.dry_run);
      if (!result.dry_run && !result.applied) {
        const detail = `${result.errors.length} error${result.errors.length === 1 ? '' : 's'} in the file: nothing was imported.`;
        return reply.status(400).send({ detail, ...result });
      }
      return result;
    },
  });

  api.get('/api/backoffice/orders/export/', {
    config,
    schema: {
      tags,
      summary: 'Orders as CSV, oldest first, by status and creation day (`from`, `to`: both included), streamed (staff)',
      produces: ['text/csv'],
      querystring: orderExportQuerySchema,
      response: { 200: csvBody, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => sendCsv(reply, 'orders', exports.orders(request.query)),
  });

  api.get('/api/backoffice/customers/export/', {
    config,
    schema: {
      tags,
      summary:
        'Customers as CSV with their paid orders, what they spent and their last order, newest account first, streamed (staff)',
      produces: ['text/csv'],
      response: { 200: csvBody, ...errorResponses(401, 403) },
    },
    handler: async (_request, reply) => sendCsv(reply, 'customers', exports.customers()),
  });
}
