import type { WebSocket } from 'ws';
import type { Deps } from './deps.js';
import { CHANNELS } from './events/event-bus.js';
import { closeSuspended, SOCKET_CLOSE } from './socket-auth.js';

/**
 * Sockets opened with a login session's token. When the session is revoked anywhere (logout,
 * password reset or change, on any instance), its sockets here close with 4401, as a request with
 * its token would be refused from then on; when its account was suspended, with 4423 and the reason
 * (issue 27: the person is told at once).
 */
export function createSessionSockets({ events }: Pick<Deps, 'events'>) {
  const bySession = new Map<string, Set<WebSocket>>();

  const subscription = events.subscribe(CHANNELS.sessions, (event) => {
    if (event.type !== 'session.revoked') return;
    const { suspended } = event;
    for (const id of event.sessionIds) {
      for (const socket of bySession.get(id) ?? []) {
        if (suspended !== undefined) closeSuspended(socket, suspended);
        else socket.close(SOCKET_CLOSE.unauthenticated, 'Session ended');
      }
    }
  });

  return {
    /** Ties an admitted socket to its session; a socket without one (a legacy token) is left alone. */
    track(socket: WebSocket, sessionId: string | null) {
      // A socket that closed while it was being admitted has no close event to come.
      if (!sessionId || socket.readyState !== socket.OPEN) return;
      const set = bySession.get(sessionId) ?? new Set();
      set.add(socket);
      bySession.set(sessionId, set);
      socket.on('close', () => {
        set.delete(socket);
        if (set.size === 0 && bySession.get(sessionId) === set) bySession.delete(sessionId);
      });
    },

    close: () => subscription.end(),
  };
}

export type SessionSockets = ReturnType<typeof createSessionSockets>;
