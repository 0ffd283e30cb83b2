import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  aiConversationListQuerySchema,
  aiConversationListSchema,
  aiConversationSchema,
  aiConversationUpdateSchema,
  aiExportQuerySchema,
  aiGallerySchema,
  aiShareSchema,
} from '@portal/contracts';
import { requireUser } from '../../core/auth-user.js';
import { errorResponses, noContent } from '../../core/openapi-responses.js';
import type { AiConversationsService } from './ai-conversations.service.js';
import { conversationMarkdown, exportFileName } from './conversation-export.js';

// Logged-in only; field errors for bad input, each failure with a `message` too (the lab's client reads it).
export const CONVERSATION_CONFIG = { auth: 'required', messageErrors: true } as const;
const params = z.object({ id: z.string().max(64) });

/** Saved Funny Chat conversations and the gallery of generated media, each person's own. */
export async function aiConversationsRoutes(app: FastifyInstance, { conversations }: { conversations: AiConversationsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  api.get('/ai-lab/conversations/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary:
        "The caller's Funny Chat conversations, the most recently active first, `limit` at a time (`before`: the last id " +
        'of the page before); `search` keeps those whose title or messages have its words (word beginnings)',
      querystring: aiConversationListQuerySchema,
      response: { 200: aiConversationListSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => conversations.list(requireUser(request).accountId, request.query),
  });

  api.get('/ai-lab/conversations/:id/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'One of the caller’s conversations: the branch shown, oldest message first, with each message’s versions',
      params,
      response: { 200: aiConversationSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => conversations.get(requireUser(request).accountId, request.params.id),
  });

  api.patch('/ai-lab/conversations/:id/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'Renames one of the caller’s conversations, or sets its own instructions or model (null: the account’s)',
      params,
      body: aiConversationUpdateSchema,
      response: { 200: aiConversationSchema, ...errorResponses(400, 401, 404) },
    },
    handler: (request) => conversations.update(requireUser(request).accountId, request.params.id, request.body),
  });

  api.delete('/ai-lab/conversations/:id/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'Deletes one of the caller’s conversations; answers it as it was',
      params,
      response: { 200: aiConversationSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => conversations.remove(requireUser(request).accountId, request.params.id),
  });

  api.get('/ai-lab/conversations/:id/export/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'One of the caller’s conversations as a file: Markdown with a heading per turn (md), or its JSON (json)',
      params,
      querystring: aiExportQuerySchema,
      produces: ['text/markdown', 'application/json'],
      response: { 200: z.any().describe('The file, as an attachment'), ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      const conversation = await conversations.get(requireUser(request).accountId, request.params.id);
      const { format } = request.query;
      reply
        .header('content-disposition', `attachment; filename="${exportFileName(conversation.title, format)}"`)
        .header('cache-control', 'private, no-store');
      if (format === 'json') return reply.type('application/json; charset=utf-8').send(JSON.stringify(conversation, null, 2));
      return reply.type('text/markdown; charset=utf-8').send(conversationMarkdown(conversation, new Date()));
    },
  });

  api.post('/ai-lab/conversations/:id/share/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary:
        'Shares the branch shown as a read-only public page (an unguessable address; later messages are not shared). ' +
        'Sharing again updates the page and keeps its address',
      params,
      response: { 200: aiShareSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ url: await conversations.share(requireUser(request).accountId, request.params.id) }),
  });

  api.delete('/ai-lab/conversations/:id/share/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'Stops sharing one of the caller’s conversations: its public page answers 404 from now on',
      params,
      response: { 204: noContent, ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      await conversations.unshare(requireUser(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.get('/ai-lab/gallery/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: "The caller's generated pictures and voices (while they are kept, see AI_MEDIA_TTL), newest first",
      response: { 200: aiGallerySchema, ...errorResponses(401) },
    },
    handler: (request) => conversations.gallery(requireUser(request).accountId),
  });
}
