import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiSharedConversationSchema } from '@portal/contracts';
import { errorResponses } from '../../core/openapi-responses.js';
import type { AiConversationsService } from './ai-conversations.service.js';

/** The public side of sharing: what the read-only page of a shared conversation shows. */
export async function sharedConversationsRoutes(
  app: FastifyInstance,
  { conversations }: { conversations: AiConversationsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/ai-lab/shared-conversations/:token/', {
    config: { messageErrors: true },
    schema: {
      tags: ['ai lab'],
      summary:
        'A shared conversation, for anyone with its address: title, the first name of who shared it and the messages ' +
        'shared (nothing else of the account); 404 once sharing stopped',
      params: z.object({ token: z.string().max(100) }),
      response: { 200: aiSharedConversationSchema, ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      // Never kept by a shared cache, never indexed: the address is the only key to it.
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex, nofollow');
      return conversations.shared(request.params.token);
    },
  });
}
