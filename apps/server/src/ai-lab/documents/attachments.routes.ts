import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_LAB_LIMITS, aiAttachmentSchema } from '@portal/contracts';
import { errorResponses, noContent } from '../../core/openapi-responses.js';
import { AI_ROUTE_CONFIG, callerOf } from '../ai-route-config.js';
import { admittedCaller, type AiRateLimiter } from '../ai-rate-limit.js';
import { readOneFile } from '../uploaded-file.js';
import type { AttachmentsService } from './attachments.service.js';

/** Documents for Funny Chat questions: uploaded (their text read on the server) and removed. */
export async function attachmentsRoutes(
  app: FastifyInstance,
  { attachments, limiter }: { attachments: AttachmentsService; limiter: AiRateLimiter },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  api.post('/ai-lab/attachments/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary:
        'Uploads a document to ask Funny Chat about (multipart `file`: PDF, .txt, .md or .csv, 10 MB and 200 pages at ' +
        'most); its text is read on the server. POST /ai-lab/stream/ takes its id in attachment_ids. Kept AI_MEDIA_TTL',
      consumes: ['multipart/form-data'],
      response: { 201: aiAttachmentSchema, ...errorResponses(400, 401, 413, 429) },
    },
    handler: async (request, reply) => {
      const caller = await admittedCaller(limiter, 'upload', request);
      const file = await readOneFile(request, { field: 'file', maxBytes: AI_LAB_LIMITS.maxDocumentBytes, what: 'document' });
      return reply.status(201).send(await attachments.upload(file, caller));
    },
  });

  api.delete('/ai-lab/attachments/:id/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary: 'Deletes a document the caller uploaded, with its text',
      params: z.object({ id: z.string().max(64) }),
      response: { 204: noContent, ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      await attachments.remove(request.params.id, callerOf(request));
      return reply.status(204).send(null);
    },
  });
}
