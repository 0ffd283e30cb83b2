import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChatSocketFrame, NotificationSocketFrame, NotificationType } from '@portal/contracts';
import type { Authenticator } from '../core/auth-user.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { closeSuspended, SOCKET_CLOSE, socketRoute, socketUser } from '../core/socket-auth.js';
import { UUID_PATTERN } from '../core/ids.js';
import type { ChatService } from './chat.service.js';
import type { ProfileRow } from './profiles.repository.js';
import type { RealtimeHub } from './realtime-hub.js';
import type { ViewerResolver } from './social-viewer.js';

const READY = JSON.stringify({ ready: true } satisfies ChatSocketFrame & NotificationSocketFrame);

interface Options {
  authenticator: Authenticator;
  viewers: ViewerResolver;
  chat: ChatService;
  hub: RealtimeHub;
}

/**
 * The chat and notification sockets of contract §9, authenticated (deviation 1): a missing or bad
 * token closes with 4401 (4423 with the reason when the account is suspended); a path profile id that
 * is not the caller's, or a conversation the caller is not in or shares with someone one of them
 * blocked, closes with 4403. Nothing is sent before the checks pass. Frames from the client are
 * ignored, as in the contract.
 */
export async function realtimeRoutes(app: FastifyInstance, { authenticator, viewers, chat, hub }: Options) {
  app.addHook('onClose', async () => hub.close());

  /** The caller's profile when the token is good and the path names it; otherwise the socket is closed. */
  async function admit(
    socket: WebSocket,
    request: FastifyRequest,
    profileId: string,
  ): Promise<{ profile: ProfileRow; sessionId: string | null } | undefined> {
    const user = await socketUser(request, authenticator);
    if (user && 'suspended' in user) {
      closeSuspended(socket, user.suspended);
      return undefined;
    }
    if (!user) {
      socket.close(SOCKET_CLOSE.unauthenticated, 'Not authenticated');
      return undefined;
    }
    const profile = await viewers.ofUser(user);
    if (!profile || String(profile.id) !== profileId) {
      socket.close(SOCKET_CLOSE.forbidden, 'Not your profile');
      return undefined;
    }
    return { profile, sessionId: user.sessionId };
  }

  const isOpen = (socket: WebSocket) => socket.readyState === socket.OPEN;
  const failed = (socket: WebSocket, request: FastifyRequest) => (error: unknown) => {
    request.log.error({ err: error }, 'realtime socket setup failed');
    if (isOpen(socket)) socket.close(1011, 'Server error');
  };

  async function chatSocket(socket: WebSocket, request: FastifyRequest) {
    const { conversationId, profileId } = request.params as { conversationId: string; profileId: string };
    const admitted = await admit(socket, request, profileId);
    if (!admitted) return;
    const conversation = conversationId.toLowerCase();
    const otherId = UUID_PATTERN.test(conversation) ? await chat.mayListen(admitted.profile.id, conversation) : undefined;
    if (otherId === undefined) {
      socket.close(SOCKET_CLOSE.forbidden, 'Not a member of this conversation');
      return;
    }
    if (!isOpen(socket)) return;
    const leave = await chat.opened(admitted.profile.id, conversation, otherId);
    socket.on('close', leave);
    if (!isOpen(socket)) return leave();
    await hub.join(socket, admitted.sessionId, CHANNELS.chat(conversation), async (event) => {
      if (event.type !== 'chat.message') return undefined;
      const message = event.message ?? (await chat.messageById(event.messageId));
      return message ? ({ message } satisfies ChatSocketFrame) : undefined;
    });
    if (isOpen(socket)) socket.send(READY);
  }

  async function notificationSocket(socket: WebSocket, request: FastifyRequest) {
    const { profileId } = request.params as { profileId: string };
    const admitted = await admit(socket, request, profileId);
    if (!admitted || !isOpen(socket)) return;
    await hub.join(socket, admitted.sessionId, CHANNELS.notifications(admitted.profile.id), async (event) => {
      if (event.type !== 'notification.created') return undefined;
      return { message: event.notificationType as NotificationType } satisfies NotificationSocketFrame;
    });
    if (isOpen(socket)) socket.send(READY);
  }

  // Contract §9: the paths also work with a leading `wss/` (legacy duplicates).
  for (const prefix of ['ws', 'wss']) {
    socketRoute(app, `/${prefix}/social-chat/:conversationId/:profileId/`, 'chat', (socket, request) => {
      socket.on('message', () => undefined);
      chatSocket(socket, request).catch(failed(socket, request));
    });
    socketRoute(app, `/${prefix}/notification/:profileId/`, 'notification', (socket, request) => {
      socket.on('message', () => undefined);
      notificationSocket(socket, request).catch(failed(socket, request));
    });
  }
}
