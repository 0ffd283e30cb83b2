import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiConversationSchema, aiEditRequestSchema, aiRegenerateRequestSchema, aiVersionRequestSchema } from '@portal/contracts';
import { requireUser } from '../../core/auth-user.js';
import { errorResponses } from '../../core/openapi-responses.js';
import { AI_CHAT_CONFIG } from '../ai-route-config.js';
import { admittedCaller, type AiRateLimiter } from '../ai-rate-limit.js';
import { streamAnswer } from '../chat/answer-stream.js';
import type { FunnyChatService } from '../chat/funny-chat.service.js';
import type { AiConversationsService } from './ai-conversations.service.js';
import { CONVERSATION_CONFIG } from './ai-conversations.routes.js';

const params = z.object({ id: z.string().max(64), messageId: z.string().max(64) });
// Streamed as POST /ai-lab/stream/ is, and like it logged-in only when a conversation is named.
const BRANCH_CONFIG = { ...AI_CHAT_CONFIG, auth: 'required' } as const;

/** Edit and resend a question, write an answer again, and switch between the versions this leaves. */
export async function conversationBranchesRoutes(
  app: FastifyInstance,
  { chat, conversations, limiter }: { chat: FunnyChatService; conversations: AiConversationsService; limiter: AiRateLimiter },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  // A question asked again as edited, and an answer written again: both streamed as POST /ai-lab/stream/ streams.
  api.post('/ai-lab/conversations/:id/messages/:messageId/edit/', {
    config: BRANCH_CONFIG,
    schema: {
      tags,
      summary:
        'Asks one of the questions of the conversation again, as edited: a new version of it, answered as POST ' +
        '/ai-lab/stream/ answers (server-sent events). The earlier question and its answers are kept',
      params,
      body: aiEditRequestSchema,
      produces: ['text/event-stream'],
      response: errorResponses(400, 401, 404, 429),
    },
    handler: async (request, reply) => {
      const caller = await admittedCaller(limiter, 'ask', request);
      await streamAnswer(await chat.edit(caller, request.params.id, request.params.messageId, request.body), request, reply);
    },
  });

  api.post('/ai-lab/conversations/:id/messages/:messageId/regenerate/', {
    config: BRANCH_CONFIG,
    schema: {
      tags,
      summary:
        'Writes one of the answers again (optionally with another model): a new version of it, streamed as POST ' +
        '/ai-lab/stream/ streams. The earlier answer is kept',
      params,
      body: aiRegenerateRequestSchema,
      produces: ['text/event-stream'],
      response: errorResponses(400, 401, 404, 429),
    },
    handler: async (request, reply) => {
      const caller = await admittedCaller(limiter, 'ask', request);
      await streamAnswer(
        await chat.regenerate(caller, request.params.id, request.params.messageId, request.body ?? {}),
        request,
        reply,
      );
    },
  });

  api.put('/ai-lab/conversations/:id/messages/:messageId/version/', {
    config: CONVERSATION_CONFIG,
    schema: {
      tags,
      summary: 'Shows another version of a message (1 is the first written), followed by its newest continuation',
      params,
      body: aiVersionRequestSchema,
      response: { 200: aiConversationSchema, ...errorResponses(400, 401, 404) },
    },
    handler: (request) =>
      conversations.showVersion(
        requireUser(request).accountId,
        request.params.id,
        request.params.messageId,
        request.body.version,
      ),
  });
}
