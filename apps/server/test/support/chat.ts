import type { ConversationDetail, ConversationMessage } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { openTestSocket, type TestSocket } from './socket-client.js';
import type { SocialUser } from './social.js';

type Caller = Pick<SocialUser, 'headers'> | undefined;

export const getOrCreate = (app: FastifyInstance, user: Caller, slug: string) =>
  app.inject({ method: 'GET', url: `/api/social-chat/${slug}/get-or-create/`, headers: user?.headers ?? {} });

export const sendMessage = (app: FastifyInstance, user: Caller, conversationId: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/social-chat/${conversationId}/send/`,
    headers: user?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });

/** The conversation of two people, failing loudly if the server refused it. */
export async function conversationOf(app: FastifyInstance, a: SocialUser, b: SocialUser): Promise<ConversationDetail> {
  const response = await getOrCreate(app, a, b.profile.slug);
  if (response.statusCode !== 200) throw new Error(`get-or-create failed: ${response.statusCode} ${response.body}`);
  return response.json() as ConversationDetail;
}

export async function say(app: FastifyInstance, user: SocialUser, conversationId: string, body: string) {
  const response = await sendMessage(app, user, conversationId, { body });
  if (response.statusCode !== 200) throw new Error(`send failed: ${response.statusCode} ${response.body}`);
  return response.json() as ConversationMessage;
}

/** Opens a socket with the token as subprotocol and, when accepted, waits for its `ready` frame. */
export async function openLive(url: string, access: string | undefined, viaQuery = false): Promise<TestSocket> {
  const target = access && viaQuery ? `${url}?token=${encodeURIComponent(access)}` : url;
  const client = await openTestSocket(target, access && !viaQuery ? ['bearer', access] : undefined);
  await Promise.race([client.until((event) => event.ready === true), client.closed()]);
  return client;
}

export const chatPath = (conversationId: string, profileId: number) => `/ws/social-chat/${conversationId}/${profileId}/`;
export const notificationPath = (profileId: number) => `/ws/notification/${profileId}/`;

/** Messages of chat frames received so far. */
export const framesOf = (client: TestSocket) =>
  client.events
    .filter((event) => event.message && typeof event.message === 'object')
    .map((event) => event.message as ConversationMessage);
