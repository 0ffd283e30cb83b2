import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  CHAT_SOCKET_PATH,
  chatSocketFrameSchema,
  NOTIFICATION_SOCKET_PATH,
  notificationSocketFrameSchema,
} from '@portal/contracts';
import { useAuthStore, useIsLoggedIn } from '../../../shared/auth/auth-store';
import { refreshConversations, showLiveMessage } from '../api/chat';
import { conversationKey, notificationsKey } from '../api/query-keys';
import { createLiveSocket, type LiveSocketOptions } from './live-socket';
import { useLiveStatus } from './live-status';

type SocketHandlers<M> = Pick<LiveSocketOptions<M>, 'frameSchema' | 'onMessage' | 'onReady'>;

function useSocketLifetime<M>(name: string, path: string | null, handlers: SocketHandlers<M>) {
  const { frameSchema, onMessage, onReady } = handlers;
  useEffect(() => {
    if (!path) return undefined;
    const setStatus = useLiveStatus.getState().set;
    const socket = createLiveSocket({ path, frameSchema, onMessage, onReady, onStatus: (status) => setStatus(name, status) });
    const online = () => socket.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      socket.stop();
      setStatus(name, 'stopped');
    };
    // The handlers are stable per path (they only use the query client).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, path]);
}

/**
 * Contract §9.2 and spec §4: while logged in, the notification socket is open; each push (and each
 * reconnection) re-fetches the notifications, so the count in the bar is live. Closed on logout.
 */
export function useNotificationSocket() {
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const profileId = useAuthStore((state) => state.user?.id);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: notificationsKey });
  };
  useSocketLifetime('notifications', loggedIn && profileId ? NOTIFICATION_SOCKET_PATH(profileId) : null, {
    frameSchema: notificationSocketFrameSchema,
    onMessage: (type) => {
      refresh();
      // A new message also moves its conversation to the top of the list.
      if (type === 'chat_message') refreshConversations(client);
    },
    onReady: refresh,
  });
}

/**
 * Contract §9.1: the open conversation's socket. Messages that arrive join the conversation (each
 * once) and become the list's preview; on every (re)connection the conversation, the list and the
 * notifications are re-fetched.
 */
export function useChatSocket(conversationId: string | undefined) {
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const profileId = useAuthStore((state) => state.user?.id);
  useSocketLifetime('chat', loggedIn && profileId && conversationId ? CHAT_SOCKET_PATH(conversationId, profileId) : null, {
    frameSchema: chatSocketFrameSchema,
    onMessage: (message) => showLiveMessage(client, conversationId!, message),
    onReady: () => {
      void client.invalidateQueries({ queryKey: conversationKey(conversationId!) });
      refreshConversations(client);
      // The open chat's earlier messages were just marked read on the server: the badge follows.
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
