import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  discountCreateSchema,
  discountListSchema,
  discountQuerySchema,
  discountSchema,
  discountUpdateSchema,
} from '@portal/contracts';
import { requireStaff } from '../core/auth-user.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import type { BoDiscountsService } from './discounts.service.js';
import { idParams, STAFF_ROUTE, TAGS } from './route-params.js';

/** Issue 28: discount codes (staff). */
export async function boDiscountsRoutes(app: FastifyInstance, { discounts }: { discounts: BoDiscountsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.get('/api/backoffice/discounts/', {
    config,
    schema: {
      tags,
      summary:
        'Discount codes, newest first, searchable by code, with how often each was used (paid orders) and is reserved (orders waiting for payment); keyset pages (`next`) (staff)',
      querystring: discountQuerySchema,
      response: { 200: discountListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => discounts.list(request.query, request.url),
  });

  api.post('/api/backoffice/discounts/', {
    config,
    schema: {
      tags,
      summary:
        'Create a discount code (unique whatever its case): percent (up to 100) or a fixed amount off the merchandise subtotal, with an optional minimum subtotal, validity dates, usage limit and once per customer (staff)',
      body: discountCreateSchema,
      response: { 201: discountSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => reply.status(201).send(await discounts.create(requireStaff(request), request.body)),
  });

  api.patch('/api/backoffice/discounts/:id/', {
    config,
    schema: {
      tags,
      summary: 'Edit a discount code; null clears an optional field; orders already placed keep what it took off (staff)',
      params: idParams,
      body: discountUpdateSchema,
      response: { 200: discountSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => discounts.update(requireStaff(request), request.params.id, request.body),
  });

  api.delete('/api/backoffice/discounts/:id/', {
    config,
    schema: {
      tags,
      summary: 'Delete a discount code: carts lose it, orders placed with it keep its code and amount (staff)',
      params: idParams,
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await discounts.remove(requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
