import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryBriefSchema,
  categoryQuerySchema,
  categoryWithProductsSchema,
  emptyProductSearchSchema,
  productDetailSchema,
  productListSchema,
  reviewRequestSchema,
  reviewSchema,
  searchRequestSchema,
} from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { errorShape } from '../core/error-shapes.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { CatalogueService } from './catalogue.service.js';

/** Anonymous catalogue answers are kept until the shop changes; stock released by the expiry job announces itself. */
const SHOP_CACHE = { scope: 'shop', ttlMs: 60_000 } as const;

const slug = z.string().min(1).max(200);
const id = z.coerce.number({ error: 'A valid integer is required.' }).int().positive().max(2_147_483_647);

export async function catalogueRoutes(app: FastifyInstance, { catalogue }: { catalogue: CatalogueService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['taberna catalogue'];
  const base = '/taberna-store/api/v1';

  api.get(`${base}/product-categories/`, {
    config: { publicCache: SHOP_CACHE },
    schema: { tags, summary: 'Categories that have products, in menu order', response: { 200: z.array(categoryBriefSchema) } },
    handler: () => catalogue.menu(),
  });

  api.get(`${base}/latest-products/`, {
    config: { publicCache: SHOP_CACHE },
    schema: { tags, summary: 'The six newest available products', response: { 200: productListSchema } },
    handler: () => catalogue.latest(),
  });

  api.post(`${base}/products/search/`, {
    schema: {
      tags,
      summary: 'Full-text search of names and descriptions, ranked, tolerant of typos; an empty query answers {"products": []}',
      body: searchRequestSchema,
      response: { 200: z.union([productListSchema, emptyProductSearchSchema]), ...errorResponses(400) },
    },
    handler: async (request) => (request.body.query === '' ? { products: [] } : catalogue.search(request.body.query)),
  });

  api.get(`${base}/products/:categorySlug/`, {
    // The category view is hand-written: its 404 is `{"error"}` too.
    config: { publicCache: SHOP_CACHE, errorShape },
    schema: {
      tags,
      summary: 'A category with its products (newest first unless sorted), filtered by price, colour, size and stock',
      params: z.object({ categorySlug: slug }),
      querystring: categoryQuerySchema,
      response: { 200: categoryWithProductsSchema, ...errorResponses(400, 404) },
    },

    handler: (request) => catalogue.category(request.params.categorySlug, request.query),
  });

  // The reference client calls this one without the trailing slash; the router accepts both.
  api.get(`${base}/products/:categorySlug/:productSlug/`, {
    config: { publicCache: SHOP_CACHE },
    schema: {
      tags,
      summary: 'A product with related products, reviews and its colour and size choices',
      params: z.object({ categorySlug: slug, productSlug: slug }),
      response: { 200: productDetailSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => catalogue.detail(request.params.productSlug, request.user?.accountId ?? null),
  });

  api.post(`${base}/reviews/:productId/`, {
    config: { auth: 'required', writeLimit: { action: 'review', shape: 'detail' } },
    schema: {
      tags,
      summary: 'Review a product you bought (rating 1–5); a second review replaces the first',
      params: z.object({ productId: id }),
      body: reviewRequestSchema,
      response: { 201: reviewSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const review = await catalogue.review(request.params.productId, user.accountId, request.body, request.ip);
      return reply.status(201).send(review);
    },
  });
}
