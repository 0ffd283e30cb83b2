import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  shippingZoneCreateSchema,
  shippingZoneListSchema,
  shippingZoneSchema,
  shippingZoneUpdateSchema,
  taxRateCreateSchema,
  taxRateListSchema,
  taxRateSchema,
  taxRateUpdateSchema,
} from '@portal/contracts';
import { requireStaff } from '../core/auth-user.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import { idParams, STAFF_ROUTE, TAGS } from './route-params.js';
import type { BoShippingService } from './shipping.service.js';

/** Issue 28: shipping zones and rates, tax rates by country (staff). Both lists are bounded by the number of countries. */
export async function boShippingRoutes(app: FastifyInstance, { shipping }: { shipping: BoShippingService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.get('/api/backoffice/shipping-zones/', {
    config,
    schema: {
      tags,
      summary: 'Shipping zones with their countries and rates, the rest of the world last (staff)',
      response: { 200: shippingZoneListSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      requireStaff(request);
      return shipping.listZones();
    },
  });

  api.post('/api/backoffice/shipping-zones/', {
    config,
    schema: {
      tags,
      summary:
        'Create a shipping zone: ISO country codes, each in one zone only (none, or rest_of_world: the rest of the world, one zone at most), and its rates with an optional free_over subtotal (staff)',
      body: shippingZoneCreateSchema,
      response: { 201: shippingZoneSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => reply.status(201).send(await shipping.createZone(requireStaff(request), request.body)),
  });

  api.patch('/api/backoffice/shipping-zones/:id/', {
    config,
    schema: {
      tags,
      summary: 'Edit a shipping zone; `rates` replaces its rates (those sent with their id are kept and edited) (staff)',
      params: idParams,
      body: shippingZoneUpdateSchema,
      response: { 200: shippingZoneSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => shipping.updateZone(requireStaff(request), request.params.id, request.body),
  });

  api.delete('/api/backoffice/shipping-zones/:id/', {
    config,
    schema: {
      tags,
      summary: 'Delete a shipping zone and its rates; orders keep the rate they were placed with (staff)',
      params: idParams,
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await shipping.deleteZone(requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.get('/api/backoffice/tax-rates/', {
    config,
    schema: {
      tags,
      summary: 'Tax rates by delivery country, in percent; other countries pay TAX_RATE (staff)',
      response: { 200: taxRateListSchema, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      requireStaff(request);
      return shipping.listTaxRates();
    },
  });

  api.post('/api/backoffice/tax-rates/', {
    config,
    schema: {
      tags,
      summary: 'Set the tax of a delivery country (one rate per country), in percent such as 23.00 (staff)',
      body: taxRateCreateSchema,
      response: { 201: taxRateSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => reply.status(201).send(await shipping.createTaxRate(requireStaff(request), request.body)),
  });

  api.patch('/api/backoffice/tax-rates/:id/', {
    config,
    schema: {
      tags,
      summary: 'Edit a tax rate: its country, name or rate (staff)',
      params: idParams,
      body: taxRateUpdateSchema,
      response: { 200: taxRateSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => shipping.updateTaxRate(requireStaff(request), request.params.id, request.body),
  });

  api.delete('/api/backoffice/tax-rates/:id/', {
    config,
    schema: {
      tags,
      summary: "Delete a tax rate: its country pays the shop's default tax again (staff)",
      params: idParams,
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await shipping.deleteTaxRate(requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
