import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boCustomerListSchema, boCustomerQuerySchema, boCustomerSchema } from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import type { CustomersService } from './customers.service.js';
import { idParams, STAFF_ROUTE, TAGS } from './route-params.js';

export async function boCustomersRoutes(app: FastifyInstance, { customers }: { customers: CustomersService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.get('/api/backoffice/customers/', {
    config,
    schema: {
      tags,
      summary:
        'Customers, newest account first, searchable by email or name, with their paid orders, what they spent and their last order; keyset pages (`next`) (staff)',
      querystring: boCustomerQuerySchema,
      response: { 200: boCustomerListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => customers.list(request.query, request.url),
  });

  api.get('/api/backoffice/customers/:id/', {
    config,
    schema: {
      tags,
      summary: 'One customer: totals, newest orders, saved addresses and the staff notes on those orders (staff)',
      params: idParams,
      response: { 200: boCustomerSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => customers.customer(request.params.id),
  });
}
