import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryListSchema } from '@portal/contracts';
import { COUNTRY_LIST } from './countries.js';

/** `GET /api/v1/countries/` (issue 25): the checkout's list of countries, the same until a restart. */
export async function countriesRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/countries/', {
    config: { publicCache: { scope: 'apps', ttlMs: 3_600_000 } },
    schema: {
      tags: ['taberna orders'],
      summary: 'Every ISO 3166-1 country: code, English name, calling code and whether its addresses have a postcode',
      response: { 200: countryListSchema },
    },
    handler: () => COUNTRY_LIST,
  });
}
