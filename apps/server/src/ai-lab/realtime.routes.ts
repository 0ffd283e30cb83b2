import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { REALTIME_PATH, realtimeClientEventSchema, realtimeTokenSchema, type RealtimeServerEvent } from '@portal/contracts';
import { requireUser, type Authenticator } from '../core/auth-user.js';
import type { EventBus } from '../core/events/event-bus.js';
import { RateLimited, Unavailable } from '../core/domain-errors.js';
import { messageShape } from '../core/error-shapes.js';
import { errorResponses } from '../core/openapi-responses.js';
import { createSessionSockets, type SessionSockets } from '../core/session-sockets.js';
import { closeSuspended, SOCKET_CLOSE, socketRoute, socketToken, socketUser } from '../core/socket-auth.js';
import { AI_ROUTE_CONFIG, callerOf } from './ai-route-config.js';
import { providerFailure } from './ai-lab.service.js';
import type { AiCaller, AiRateLimiter } from './ai-rate-limit.js';
import type { AiProvider, RealtimeSession } from './providers/ai-provider.js';

interface Options {
  authenticator: Authenticator;
  provider: AiProvider;
  limiter: AiRateLimiter;
  events: EventBus;
}

const errorEvent = (code: string, message: string): RealtimeServerEvent => ({
  type: 'error',
  error: { type: 'invalid_request_error', code, message },
});

/**
 * One browser socket of the realtime chat. It speaks the realtime event subset (spec §4, §7): the
 * browser creates a user message and asks for a response; the provider (through a server-side
 * socket holding the key, opened on the first message) or the local engine streams the reply.
 */
function relay(
  socket: WebSocket,
  request: FastifyRequest,
  { authenticator, provider, limiter }: Options,
  sessions: SessionSockets,
) {
  let caller: AiCaller | undefined;
  let session: RealtimeSession | undefined;
  const early: string[] = [];

  const send = (event: RealtimeServerEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };

  async function handle(raw: string) {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return send(errorEvent('invalid_json', 'The message is not JSON.'));
    }
    const parsed = realtimeClientEventSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const known = issue?.code === 'custom' || issue?.code === 'too_big' || issue?.code === 'too_small';
      return send(
        errorEvent(
          'invalid_event',
          known ? issue.message : 'Only conversation.item.create and response.create events are accepted.',
        ),
      );
    }
    const event = parsed.data;
    if (event.type === 'response.create') {
      try {
        await limiter.take('ask', caller!);
      } catch (error) {
        if (error instanceof RateLimited) return send(errorEvent('rate_limited', error.message));
        throw error;
      }
    }
    session ??= provider.realtime.open({
      onEvent: send,
      onClose: () => {
        session = undefined;
      },
    });
    session.send(event);
  }

  const onMessage = (data: unknown) => {
    const raw = String(data);
    if (!caller) early.push(raw);
    else handle(raw).catch((error: unknown) => request.log.error({ err: error }, 'realtime relay failed'));
  };
  socket.on('message', onMessage);
  socket.on('close', () => session?.close());

  // Anonymous visitors may chat (rate-limited by address); a token that is sent must be good.
  void (async () => {
    const hasToken = socketToken(request) !== undefined;
    const user = hasToken ? await socketUser(request, authenticator) : null;
    if (user && 'suspended' in user) return closeSuspended(socket, user.suspended);
    if (hasToken && !user) return socket.close(SOCKET_CLOSE.unauthenticated, 'Not authenticated');
    // A logged-in relay ends with its session (logout, password reset or change), like the social sockets.
    if (user) sessions.track(socket, user.sessionId);
    caller = { accountId: user?.accountId ?? null, ip: request.ip };
    for (const raw of early.splice(0)) onMessage(raw);
  })();
}

/** A failure body as `{"error", "detail"}` (contract §10.7), whatever shape it was raised in. */
export function tokenFailure(payload: unknown): { error: string; detail: string } {
  const texts = payload && typeof payload === 'object' ? Object.values(payload).flat() : [];
  const detail = texts.find((value): value is string => typeof value === 'string') ?? 'The request failed.';
  return { error: 'Failed to get token', detail };
}

export async function realtimeRoutes(app: FastifyInstance, options: Options) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { provider, limiter } = options;
  const sessions = createSessionSockets(options);
  app.addHook('onClose', async () => sessions.close());

  api.post('/ai-lab/realtime-token/', {
    // Contract §10.7: the reference client shows any `message` of a failure in place of every AI answer,
    // so this route's failures carry `error` and `detail` only.
    config: { validationShape: AI_ROUTE_CONFIG.validationShape, errorShape: messageShape, auth: 'required' },
    preSerialization: async (_request, reply, payload) => (reply.statusCode >= 400 ? tokenFailure(payload) : payload),
    schema: {
      tags: ['ai lab'],
      summary: "A short-lived token for the provider's realtime socket (logged-in users only; 503 without a provider)",
      response: { 200: realtimeTokenSchema, ...errorResponses(401, 429, 502, 503, 504) },
    },
    handler: async (request) => {
      requireUser(request);
      const mint = provider.realtime.mintToken;
      if (!mint) {
        throw new Unavailable(
          'Realtime tokens need an AI provider, and this portal runs the local engines. The Realtime Chat page works without one, through the server.',
        );
      }
      await limiter.take('ask', callerOf(request));
      return mint(AbortSignal.timeout(30_000)).catch((error: unknown) => {
        throw providerFailure(error);
      });
    },
  });

  socketRoute(app, REALTIME_PATH, 'ai_realtime', (socket, request) => relay(socket, request, options, sessions));
}
