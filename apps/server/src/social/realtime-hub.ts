import type { WebSocket } from 'ws';
import type { Deps } from '../core/deps.js';
import type { PortalEvent, Subscription } from '../core/events/event-bus.js';
import { createSessionSockets } from '../core/session-sockets.js';

/** One open, authorised socket of this instance. */
export interface HubClient {
  socket: WebSocket;
  sessionId: string | null;
  alive: boolean;
}

interface Room {
  clients: Set<HubClient>;
  subscription: Subscription;
}

/** What a room's event becomes on the wire; undefined sends nothing. */
export type FrameOf = (event: PortalEvent) => Promise<unknown>;

/**
 * The chat and notification sockets open on this instance. Each channel with a local socket has
 * one subscription on the event bus (in-process, or Redis across instances); an event becomes one
 * frame, built once, sent to every local socket of the channel. Sockets whose login session is
 * revoked are closed with 4401; sockets that miss a ping are terminated.
 */
export function createRealtimeHub({ events, log, config }: Pick<Deps, 'events' | 'log' | 'config'>) {
  const pingIntervalMs = config.socketPingIntervalMs;
  const rooms = new Map<string, Room>();
  const clients = new Set<HubClient>();
  const sessions = createSessionSockets({ events });

  const pinger = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, pingIntervalMs);
  pinger.unref();

  // A room's frame is encoded once and the same bytes go to every socket (as a text frame).
  const TEXT = { binary: false } as const;
  function send(client: HubClient, bytes: Buffer) {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(bytes, TEXT);
  }

  function leave(client: HubClient, channel: string) {
    const room = rooms.get(channel);
    if (!room) return;
    room.clients.delete(client);
    if (room.clients.size === 0) {
      room.subscription.end();
      rooms.delete(channel);
    }
  }

  return {
    /**
     * Registers an authorised socket on a channel. Resolves once events published anywhere reach
     * it, so the caller can tell the client to re-fetch what it may have missed before.
     */
    async join(socket: WebSocket, sessionId: string | null, channel: string, frameOf: FrameOf): Promise<HubClient> {
      const client: HubClient = { socket, sessionId, alive: true };
      clients.add(client);
      sessions.track(socket, sessionId);
      let room = rooms.get(channel);
      if (!room) {
        const members = new Set<HubClient>();
        const subscription = events.subscribe(channel, (event) => {
          frameOf(event).then(
            (frame) => {
              if (frame === undefined) return;
              const bytes = Buffer.from(JSON.stringify(frame));
              for (const member of members) send(member, bytes);
            },
            (error: unknown) => log.error({ err: error, channel }, 'realtime: could not build a frame'),
          );
        });
        room = { clients: members, subscription };
        rooms.set(channel, room);
      }
      room.clients.add(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        clients.delete(client);
        leave(client, channel);
      });
      await room.subscription.ready;
      return client;
    },

    /** Sockets open on this instance (tests and the bench read it). */
    count: () => clients.size,

    close() {
      clearInterval(pinger);
      sessions.close();
      for (const client of clients) client.socket.close(1001, 'Server shutting down');
      for (const room of rooms.values()) room.subscription.end();
      rooms.clear();
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
