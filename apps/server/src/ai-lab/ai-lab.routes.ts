import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AI_CONVERSATION_HEADER,
  aiChatAnswerSchema,
  aiChatRequestSchema,
  aiFilenameRequestSchema,
  aiLabStatusSchema,
  aiMessageSchema,
  aiPromptRequestSchema,
  type AiChatStreamEvent,
} from '@portal/contracts';
import { DomainError, UpstreamFailed } from '../core/domain-errors.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { AiConversationsService } from './ai-conversations.service.js';
import { providerFailure, type AiLabService } from './ai-lab.service.js';
import type { AiRateLimiter } from './ai-rate-limit.js';
import { AI_CHAT_CONFIG, AI_ROUTE_CONFIG, callerOf } from './ai-route-config.js';

export interface AiLabRouteOptions {
  lab: AiLabService;
  conversations: AiConversationsService;
  limiter: AiRateLimiter;
}

/** Aborted when the caller goes away (stop button, closed page), which stops the provider's work too. */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text.trim();
}

export async function aiLabRoutes(app: FastifyInstance, { lab, conversations, limiter }: AiLabRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai lab'];

  api.get('/ai-lab/status/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary: 'Which engine answers each feature: the local ones or the configured provider',
      response: { 200: aiLabStatusSchema },
    },
    handler: () => lab.status(),
  });

  api.post('/ai-lab/', {
    config: AI_CHAT_CONFIG,
    schema: {
      tags,
      summary:
        "Funny Chat's answer to a question, with optional pictures uploaded by the caller. Logged-in callers' " +
        'questions and answers are saved in a conversation: the one named by conversation_id, or a new one; ' +
        'its id comes back as conversation_id and in the X-Conversation-Id header',
      body: aiChatRequestSchema,
      response: { 200: aiChatAnswerSchema, ...errorResponses(400, 401, 404, 429, 502, 503, 504) },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      await limiter.take('ask', caller);
      const pictures = await lab.pictures(request.body.prompt_images, caller);
      const thread = await conversations.begin(caller.accountId, request.body);
      if (thread) reply.header(AI_CONVERSATION_HEADER, thread.id);
      const message = await collect(lab.answer(request.body.question, pictures, abortOnDisconnect(reply), thread?.history)).catch(
        (error: unknown) => {
          throw providerFailure(error);
        },
      );
      // Also when the caller stopped it midway: what was written so far is kept.
      await thread?.saveAnswer(message);
      if (!message) throw new UpstreamFailed('The AI sent an empty answer.');
      return thread ? { message, conversation_id: thread.id } : { message };
    },
  });

  api.post('/ai-lab/stream/', {
    config: AI_CHAT_CONFIG,
    schema: {
      tags,
      summary:
        'The same answer as POST /ai-lab/, streamed as server-sent events: delta…, then done or error. ' +
        'The conversation it is saved in comes in the X-Conversation-Id header and on the done event',
      body: aiChatRequestSchema,
      produces: ['text/event-stream'],
      response: errorResponses(400, 401, 404, 429),
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      await limiter.take('ask', caller);
      const pictures = await lab.pictures(request.body.prompt_images, caller);
      const thread = await conversations.begin(caller.accountId, request.body);
      const signal = abortOnDisconnect(reply);
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        ...(thread ? { [AI_CONVERSATION_HEADER]: thread.id } : {}),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      // Nothing is written once the browser has gone (stop button, closed page).
      const write = (text: string) => !signal.aborted && !reply.raw.destroyed && reply.raw.write(text);
      const send = (event: AiChatStreamEvent) => write(`data: ${JSON.stringify(event)}\n\n`);
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), 15_000);
      let message = '';
      try {
        for await (const piece of lab.answer(request.body.question, pictures, signal, thread?.history)) {
          message += piece;
          send({ type: 'delta', text: piece });
        }
        // Also when the browser stopped it midway: what was streamed so far is kept.
        await thread?.saveAnswer(message.trim());
        if (!signal.aborted)
          send(
            message.trim()
              ? { type: 'done', message: message.trim(), ...(thread ? { conversation_id: thread.id } : {}) }
              : { type: 'error', message: 'The AI sent an empty answer.' },
          );
      } catch (error) {
        send({ type: 'error', message: error instanceof DomainError ? error.message : safeFailure(error, request) });
      } finally {
        clearInterval(heartbeat);
        reply.raw.end();
      }
    },
  });

  // The two generators: a prompt in, the absolute URL of the stored picture or voice out.
  const generators = [
    {
      url: '/ai-lab/image-generator/',
      summary: 'Draws a picture for the prompt; answers its absolute URL',
      make: lab.generateImage,
    },
    {
      url: '/ai-lab/voice-generator/',
      summary: 'Speaks the prompt; answers the absolute URL of the audio',
      make: lab.generateVoice,
    },
  ];
  for (const { url, summary, make } of generators) {
    api.post(url, {
      config: AI_ROUTE_CONFIG,
      schema: {
        tags,
        summary,
        body: aiPromptRequestSchema,
        response: { 200: aiMessageSchema, ...errorResponses(400, 401, 429, 502, 503, 504) },
      },
      handler: async (request, reply) => {
        const caller = callerOf(request);
        await limiter.take('ask', caller);
        return { message: await make(request.body.question, caller, abortOnDisconnect(reply)) };
      },
    });
  }

  api.post('/ai-lab/download-image/', {
    config: AI_ROUTE_CONFIG,
    schema: {
      tags,
      summary: 'A picture generated by this lab, as a file download (bare file names only)',
      body: aiFilenameRequestSchema,
      produces: ['image/png'],
      response: { 200: z.any().describe('The PNG file, as an attachment'), ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      const file = await lab.generatedImage(request.body.filename, callerOf(request));
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  });
}

/** An unexpected failure inside a stream: logged, and told to the browser without details. */
function safeFailure(error: unknown, request: FastifyRequest): string {
  try {
    return providerFailure(error).message;
  } catch {
    request.log.error({ err: error }, 'AI lab answer failed');
    return 'The answer failed on the server.';
  }
}
