import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyProjectSearchSchema,
  portalSearchQuerySchema,
  portalSearchResultsSchema,
  portalSettingsSchema,
  projectListSchema,
  searchRequestSchema,
} from '@portal/contracts';
import { NotFound } from '../core/domain-errors.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { AppsManagerService } from './apps-manager.service.js';
import type { PortalSearchService } from './portal-search.service.js';

export async function appsManagerRoutes(
  app: FastifyInstance,
  { appsManager, portalSearch }: { appsManager: AppsManagerService; portalSearch: PortalSearchService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['apps manager'];

  api.get('/api/v1/vue-apps/', {
    config: { publicCache: { scope: 'apps', ttlMs: 300_000 } },
    schema: { tags, summary: "The portal's apps, newest first", response: { 200: projectListSchema } },
    handler: () => appsManager.list(),
  });

  api.post('/api/v1/vue-apps/search/', {
    schema: {
      tags,
      summary: 'Apps whose title or description contains the query; an empty query answers {"projects": []}',
      body: searchRequestSchema,
      response: { 200: z.union([projectListSchema, emptyProjectSearchSchema]), ...errorResponses(400) },
    },
    handler: async (request) => {
      const { query } = request.body;
      return query === '' ? { projects: [] } : appsManager.search(query);
    },
  });

  api.get('/api/search/', {
    schema: {
      tags: ['portal search'],
      summary:
        'Apps, products, people and posts matching the query (typo-tolerant, a few of each); posts as the caller may see them',
      querystring: portalSearchQuerySchema,
      response: { 200: portalSearchResultsSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => portalSearch.search(request.query.q, request.user?.accountId ?? null),
  });

  api.get('/api/v1/portal-settings/', {
    // The configuration's links: the same for everyone until a restart (and the landing page's server render reads them).
    config: { publicCache: { scope: 'apps', ttlMs: 300_000 } },
    schema: { tags, summary: 'Public settings the web app reads at start', response: { 200: portalSettingsSchema } },
    handler: () => appsManager.settings(),
  });

  // A project's `url` (contract §1.7) leads to the app it describes.
  api.get('/category/:category/:slug/', {
    schema: { hide: true, params: z.object({ category: z.string().max(50), slug: z.string().max(100) }) },
    handler: async (request, reply) => {
      const target = await appsManager.viewUrlOf(request.params.category, request.params.slug);
      if (!target) throw new NotFound();
      return reply.redirect(target, 302);
    },
  });
}
