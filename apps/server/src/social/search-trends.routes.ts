import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postSearchRequestSchema, searchPageSchema, textField, trendSchema } from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import { pageQueryShape, parsePageRequest } from './pagination.js';
import { SOCIAL_CACHE } from './posts.routes.js';
import type { PostListsService } from './post-lists.service.js';
import type { ViewerResolver } from './social-viewer.js';
import type { TrendsService } from './trends.service.js';

const tags = ['social posts'];

export async function searchTrendsRoutes(
  app: FastifyInstance,
  { lists, trends, viewers }: { lists: PostListsService; trends: TrendsService; viewers: ViewerResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const summary = 'People whose name or username contains the query, and the posts you may see that match it (best first)';

  api.post('/api/social-posts/search/', {
    schema: {
      tags,
      summary: `${summary}: the first page`,
      body: postSearchRequestSchema,
      querystring: z.object(pageQueryShape),
      response: { 200: searchPageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) =>
      lists.search(await viewers.optional(request), request.body.query, parsePageRequest(request.query), request.query.page_size),
  });

  api.get('/api/social-posts/search/', {
    schema: {
      tags,
      summary: `${summary}: further pages`,
      querystring: z.object({
        ...pageQueryShape,
        query: z.preprocess((value) => (Array.isArray(value) ? value.at(-1) : value), textField(200)),
      }),
      response: { 200: searchPageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) =>
      lists.search(
        await viewers.optional(request),
        request.query.query,
        parsePageRequest(request.query),
        request.query.page_size,
      ),
  });

  api.get('/api/social-posts/trends/', {
    config: { publicCache: SOCIAL_CACHE },
    schema: {
      tags,
      summary: 'The top 10 hashtags of the last 24 hours of public posts (the most recent ones when it is quiet)',
      response: { 200: z.array(trendSchema), ...errorResponses(401) },
    },
    handler: () => trends.list(),
  });
}
