import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BO_IMAGE_COLOR_FIELD,
  BO_IMAGE_FIELD,
  boImageUpdateSchema,
  boVariantListSchema,
  boVariantSchema,
  boVariantUpdateSchema,
  boCategoryCreateSchema,
  boCategoryListSchema,
  boCategoryQuerySchema,
  boCategorySchema,
  boCategoryUpdateSchema,
  boImageOrderSchema,
  boProductCreateSchema,
  boProductDeleteSchema,
  boProductImageSchema,
  boProductImagesSchema,
  boProductListSchema,
  boProductQuerySchema,
  boProductSchema,
  boProductUpdateSchema,
} from '@portal/contracts';
import { requireStaff } from '../core/auth-user.js';
import { Invalid, TooLarge } from '../core/domain-errors.js';
import { MALFORMED_FORM, multipartFailure } from '../core/multipart-failure.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import type { BoCatalogueService } from './catalogue.service.js';
import { PRODUCT_IMAGE_MAX_BYTES, type BoPicturesService } from './pictures.service.js';
import { idParam, idParams, STAFF_ROUTE, TAGS } from './route-params.js';
import type { BoVariantsService } from './variants.service.js';

/** The one picture of a multipart upload, under `image`, and the colour it shows under `color` (issue 25). */
async function readImage(request: FastifyRequest): Promise<{ image: Buffer; color: string | null }> {
  if (!request.isMultipart())
    throw Invalid.fields({ [BO_IMAGE_FIELD]: ['Send the picture as multipart form data under "image".'] });
  let image: Buffer | undefined;
  let color: string | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        if (part.fieldname === BO_IMAGE_COLOR_FIELD && typeof part.value === 'string') color = part.value;
        continue;
      }
      if (part.fieldname !== BO_IMAGE_FIELD) {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    }
  } catch (error) {
    const failure = multipartFailure(error);
    if (failure === 'file-too-large')
      throw new TooLarge(`The picture is larger than ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
    if (failure === 'too-many-files') throw Invalid.fields({ [BO_IMAGE_FIELD]: ['One picture at a time.'] });
    throw new Invalid(MALFORMED_FORM);
  }
  if (!image || image.length === 0) throw Invalid.fields({ [BO_IMAGE_FIELD]: ['No picture was sent.'] });
  return { image, color };
}

export async function boCatalogueRoutes(
  app: FastifyInstance,
  { catalogue, pictures, variants }: { catalogue: BoCatalogueService; pictures: BoPicturesService; variants: BoVariantsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.get('/api/backoffice/categories/', {
    config,
    schema: {
      tags,
      summary: 'Categories in menu order, searchable, with their product counts (staff)',
      querystring: boCategoryQuerySchema,
      response: { 200: boCategoryListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      requireStaff(request);
      return catalogue.listCategories(request.query, request.url);
    },
  });

  api.post('/api/backoffice/categories/', {
    config,
    schema: {
      tags,
      summary: 'Create a category (placed last in the menu); its slug comes from the name (staff)',
      body: boCategoryCreateSchema,
      response: { 201: boCategorySchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await catalogue.createCategory(requireStaff(request), request.body)),
  });

  api.patch('/api/backoffice/categories/:id/', {
    config,
    schema: {
      tags,
      summary: 'Rename a category, change its description, or move it to another position in the menu (staff)',
      params: idParams,
      body: boCategoryUpdateSchema,
      response: { 200: boCategorySchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => catalogue.updateCategory(requireStaff(request), request.params.id, request.body),
  });

  api.delete('/api/backoffice/categories/:id/', {
    config,
    schema: {
      tags,
      summary: 'Delete an empty category; one with products answers 409 (staff)',
      params: idParams,
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await catalogue.deleteCategory(requireStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.get('/api/backoffice/products/', {
    config,
    schema: {
      tags,
      summary: 'Products, searchable, sortable and filtered by category, availability, low stock and hidden (staff)',
      querystring: boProductQuerySchema,
      response: { 200: boProductListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      requireStaff(request);
      return catalogue.listProducts(request.query, request.url);
    },
  });

  api.post('/api/backoffice/products/', {
    config,
    schema: {
      tags,
      summary:
        'Create a product: `status` draft keeps it out of the shop, active (the default) puts it in the shop and its search at once; one variant per colour × size, the stock shared out among them in the ledger (staff)',
      body: boProductCreateSchema,
      response: { 201: boProductSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request, reply) => reply.status(201).send(await catalogue.createProduct(requireStaff(request), request.body)),
  });

  api.get('/api/backoffice/products/:id/', {
    config,
    schema: {
      tags,
      summary: 'One product with its colours, sizes, pictures and number of orders (staff)',
      params: idParams,
      response: { 200: boProductSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      requireStaff(request);
      return catalogue.product(request.params.id);
    },
  });

  api.patch('/api/backoffice/products/:id/', {
    config,
    schema: {
      tags,
      summary: 'Edit a product; a new stock is written to the ledger as a correction; hidden=false brings it back (staff)',
      params: idParams,
      body: boProductUpdateSchema,
      response: { 200: boProductSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => catalogue.updateProduct(requireStaff(request), request.params.id, request.body),
  });

  api.delete('/api/backoffice/products/:id/', {
    config,
    schema: {
      tags,
      summary: 'Delete a product; one that has orders is hidden from the shop instead (staff)',
      params: idParams,
      response: { 200: boProductDeleteSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => catalogue.deleteProduct(requireStaff(request), request.params.id),
  });

  api.post('/api/backoffice/products/:id/images/', {
    config,
    schema: {
      tags,
      summary:
        'Add a picture (multipart `image`: JPEG, PNG, WebP or GIF, 10 MB; `color`: the colour it shows, optional), re-encoded; the first is the main one (staff)',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 201: boProductImageSchema, ...errorResponses(400, 401, 403, 404, 413) },
    },
    handler: async (request, reply) => {
      const actor = requireStaff(request);
      const { image, color } = await readImage(request);
      return reply.status(201).send(await pictures.add(actor, request.params.id, image, color));
    },
  });

  api.patch('/api/backoffice/products/:id/images/:imageId/', {
    config,
    schema: {
      tags,
      summary: "Set the colour a picture shows (one of the product's colours), or null for every colour (staff)",
      params: z.object({ id: idParam, imageId: idParam }),
      body: boImageUpdateSchema,
      response: { 200: boProductImageSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) =>
      pictures.update(requireStaff(request), request.params.id, request.params.imageId, request.body.color),
  });

  api.get('/api/backoffice/products/:id/variants/', {
    config,
    schema: {
      tags,
      summary: "The variants of a product: one per colour × size, with SKU, stock and own price (null: the product's) (staff)",
      params: idParams,
      response: { 200: boVariantListSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => {
      requireStaff(request);
      return variants.list(request.params.id);
    },
  });

  api.patch('/api/backoffice/products/:id/variants/:variantId/', {
    config,
    schema: {
      tags,
      summary: "Edit a variant: SKU, stock (a ledger correction, at most 1,000,000) and own price (null: the product's) (staff)",
      params: z.object({ id: idParam, variantId: idParam }),
      body: boVariantUpdateSchema,
      response: { 200: boVariantSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => variants.update(requireStaff(request), request.params.id, request.params.variantId, request.body),
  });

  api.post('/api/backoffice/products/:id/images/order/', {
    config,
    schema: {
      tags,
      summary: "Put a product's pictures in a new order (every picture id once); the first becomes the main picture (staff)",
      params: idParams,
      body: boImageOrderSchema,
      response: { 200: boProductImagesSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => pictures.order(requireStaff(request), request.params.id, request.body.ids),
  });

  api.delete('/api/backoffice/products/:id/images/:imageId/', {
    config,
    schema: {
      tags,
      summary: 'Remove a picture of a product (staff)',
      params: z.object({ id: idParam, imageId: idParam }),
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await pictures.remove(requireStaff(request), request.params.id, request.params.imageId);
      return reply.status(204).send(null);
    },
  });
}
