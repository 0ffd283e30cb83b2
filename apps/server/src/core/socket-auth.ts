import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ACCOUNT_SUSPENDED_CODE, SOCKET_CLOSE_CODES } from '@portal/contracts';
import type { Authenticator, AuthUser } from './auth-user.js';
import { DomainError } from './domain-errors.js';

/** Close codes of refused sockets (deviation 1; 4423 for a suspended account, issue 27). */
export const SOCKET_CLOSE = SOCKET_CLOSE_CODES;

/** The longest close reason a frame carries (RFC 6455 §5.5: 125 bytes of payload, 2 of them the code). */
const MAX_CLOSE_REASON_BYTES = 123;

/** A close reason cut to fit its frame, whole characters only, with an ellipsis when cut. */
export function closeReason(text: string): string {
  if (Buffer.byteLength(text) <= MAX_CLOSE_REASON_BYTES) return text;
  let cut = text;
  while (Buffer.byteLength(`${cut}…`) > MAX_CLOSE_REASON_BYTES) cut = [...cut].slice(0, -1).join('');
  return `${cut}…`;
}

/** Closes a socket whose account is suspended: 4423 and, as far as it fits, why (the web app shows it). */
export function closeSuspended(socket: WebSocket, message: string): void {
  socket.close(SOCKET_CLOSE.suspended, closeReason(message));
}

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

/**
 * The user behind a socket's token; null when it has none or a bad one; `{ suspended }` with the
 * refusal's words when the token is good but its account is suspended (issue 27).
 */
export async function socketUser(
  request: FastifyRequest,
  authenticator: Authenticator,
): Promise<AuthUser | { suspended: string } | null> {
  const token = socketToken(request);
  if (!token) return null;
  return authenticator
    .authenticate(`Bearer ${token}`)
    .catch((error: unknown) =>
      error instanceof DomainError && error.code === ACCOUNT_SUSPENDED_CODE ? { suspended: error.message } : null,
    );
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
