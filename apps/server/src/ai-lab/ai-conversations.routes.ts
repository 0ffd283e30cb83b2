import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiConversationListSchema, aiConversationRenameSchema, aiConversationSchema, aiGallerySchema } from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { AiConversationsService } from './ai-conversations.service.js';

// Logged-in only; field errors for bad input, each failure with a `message` too (the lab's client reads it).
const CONFIG = { auth: 'required', messageErrors: true } as const;
const params = z.object({ id: z.string().max(64) });

/** Saved Funny Chat conversations and the gallery of generated media, each person's own. */
export async function aiConversationsRoutes(app: FastifyInstance, { conversations }: { conversations: AiConversationsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  api.get('/ai-lab/conversations/', {
    config: CONFIG,
    schema: {
      tags,
      summary: "The caller's Funny Chat conversations, the most recently active first",
      response: { 200: aiConversationListSchema, ...errorResponses(401) },
    },
    handler: (request) => conversations.list(requireUser(request).accountId),
  });

  api.get('/ai-lab/conversations/:id/', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'One of the caller’s conversations with its messages, oldest first',
      params,
      response: { 200: aiConversationSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => conversations.get(requireUser(request).accountId, request.params.id),
  });

  api.patch('/ai-lab/conversations/:id/', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'Renames one of the caller’s conversations',
      params,
      body: aiConversationRenameSchema,
      response: { 200: aiConversationSchema, ...errorResponses(400, 401, 404) },
    },
    handler: (request) => conversations.rename(requireUser(request).accountId, request.params.id, request.body.title),
  });

  api.delete('/ai-lab/conversations/:id/', {
    config: CONFIG,
    schema: {
      tags,
      summary: 'Deletes one of the caller’s conversations; answers it as it was',
      params,
      response: { 200: aiConversationSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => conversations.remove(requireUser(request).accountId, request.params.id),
  });

  api.get('/ai-lab/gallery/', {
    config: CONFIG,
    schema: {
      tags,
      summary: "The caller's generated pictures and voices (while they are kept, see AI_MEDIA_TTL), newest first",
      response: { 200: aiGallerySchema, ...errorResponses(401) },
    },
    handler: (request) => conversations.gallery(requireUser(request).accountId),
  });
}
