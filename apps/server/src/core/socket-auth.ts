import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Authenticator, AuthUser } from './auth-user.js';

/** Close codes of refused sockets (deviation 1). */
export const SOCKET_CLOSE = { unauthenticated: 4401, forbidden: 4403 } as const;

/**
 * Browsers cannot set headers on a websocket, so the access token comes as the query value
 * `token=<jwt>` or as the subprotocol pair `bearer, <jwt>`.
 */
export function socketToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.token === 'string' && query.token !== '') return query.token;
  const offered = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  const index = offered.indexOf('bearer');
  return index >= 0 ? offered[index + 1] : undefined;
}

/** The user behind a socket's token, or null when it has none or a bad one. */
export async function socketUser(request: FastifyRequest, authenticator: Authenticator): Promise<AuthUser | null> {
  const token = socketToken(request);
  if (!token) return null;
  return authenticator.authenticate(`Bearer ${token}`).catch(() => null);
}

/** The subprotocol the server answers with: `bearer` when the client used it to send its token. */
export function chooseProtocol(protocols: Set<string>): string | false {
  if (protocols.has('bearer')) return 'bearer';
  const [first] = protocols;
  return first ?? false;
}

/**
 * A websocket path of a kind (for the metrics): the upgrade goes to `onSocket`; a plain HTTP request gets 426 with the
 * contract's `{detail}` instead of an empty 404.
 */
export function socketRoute(
  app: FastifyInstance,
  url: string,
  kind: 'chat' | 'notification' | 'ai_realtime',
  onSocket: (socket: WebSocket, request: FastifyRequest) => void,
) {
  app.route({
    method: 'GET',
    url,
    config: { auth: 'none' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ detail: 'This address only takes websocket connections.' }),
    wsHandler: (socket, request) => {
      // Counted from the upgrade to the close, refused sockets included (they close at once).
      app.metrics.socketOpened(kind, socket);
      onSocket(socket, request);
    },
  });
}
