import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationDetailSchema,
  conversationMessageSchema,
  conversationSchema,
  sendMessageRequestSchema,
} from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import type { ChatService } from './chat.service.js';
import { UUID_PATTERN, uuidParam } from '../core/ids.js';
import type { ViewerResolver } from './social-viewer.js';

const tags = ['social chat'];
const idParams = z.object({ id: z.string().max(64) });

export async function chatRoutes(app: FastifyInstance, { chat, viewers }: { chat: ChatService; viewers: ViewerResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Anonymous callers hear 401 before any input check (deviation 2).
  const callerFirst = async (request: FastifyRequest) => void (await viewers.required(request));

  api.get('/api/social-chat/', {
    config: { auth: 'required' },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'Your conversations, most recently active first, with both people and the last message',
      response: { 200: z.array(conversationSchema), ...errorResponses(401, 404) },
    },
    handler: async (request) => chat.list(await viewers.required(request)),
  });

  api.get('/api/social-chat/:slug/get-or-create/', {
    config: { auth: 'required' },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'Your conversation with the person of this slug, started when you have none (never with yourself)',
      params: z.object({ slug: z.string().min(1).max(120) }),
      response: { 200: conversationDetailSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => chat.getOrCreate(await viewers.required(request), request.params.slug),
  });

  api.get('/api/social-chat/:id/', {
    config: { auth: 'required' },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'One of your conversations: the newest messages oldest first; `?before=<message id>` pages back',
      params: idParams,
      querystring: z.object({
        before: z.string().regex(UUID_PATTERN, { error: 'Must be a valid UUID.' }).optional(),
      }),
      response: { 200: conversationDetailSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) =>
      chat.detail(await viewers.required(request), uuidParam(request.params.id), request.query.before?.toLowerCase()),
  });

  api.post('/api/social-chat/:id/send/', {
    config: { auth: 'required', writeLimit: { action: 'chatMessage', shape: 'detail' } },
    preValidation: callerFirst,
    schema: {
      tags,
      summary: 'Send a message (1–4000 characters) in one of your conversations; both people hear it live',
      params: idParams,
      body: sendMessageRequestSchema,
      response: { 200: conversationMessageSchema, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => chat.send(await viewers.required(request), uuidParam(request.params.id), request.body.body),
  });
}
