import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiModelListSchema, aiSettingsSchema, aiSettingsUpdateSchema } from '@portal/contracts';
import { requireUser } from '../../core/auth-user.js';
import { errorResponses } from '../../core/openapi-responses.js';
import { AI_ROUTE_CONFIG } from '../ai-route-config.js';
import { CONVERSATION_CONFIG } from '../conversations/ai-conversations.routes.js';
import type { ModelCatalogue } from '../models/model-catalogue.js';
import type { AiSettingsService } from './ai-settings.service.js';

/** The models the lab offers, and each account's instructions and default model. */
export async function aiSettingsRoutes(
  app: FastifyInstance,
  { settings, models }: { settings: AiSettingsService; models: ModelCatalogue },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  api.get('/ai-lab/models/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary:
        'The models the lab offers: the built-in engines always, and the provider’s models it can use (its list, kept ' +
        'ten minutes) when one is connected. POST /ai-lab/stream/ takes the id of one that can chat',
      response: { 200: aiModelListSchema, ...errorResponses(401) },
    },
    handler: () => models.list(),
  });

  api.get('/ai-lab/settings/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'The caller’s instructions for every conversation, and the model new conversations use (null: the server’s)',
      response: { 200: aiSettingsSchema, ...errorResponses(401) },
    },
    handler: (request) => settings.get(requireUser(request).accountId),
  });

  api.put('/ai-lab/settings/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'Saves the caller’s instructions (at most 4,000 characters; empty clears them) and/or default model',
      body: aiSettingsUpdateSchema,
      response: { 200: aiSettingsSchema, ...errorResponses(400, 401) },
    },
    handler: (request) => settings.update(requireUser(request).accountId, request.body),
  });
}
