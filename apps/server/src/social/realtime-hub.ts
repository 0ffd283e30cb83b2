import type { WebSocket } from 'ws';
import type { Deps } from '../core/deps.js';
import type { PortalEvent, Subscription } from '../core/events/event-bus.js';
import { createSessionSockets } from '../core/session-sockets.js';
import { sendAll, sharedFrame, type SharedFrame } from './socket-batch.js';

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
 * revoked are closed with 4401 (4423 when suspended); a `channel.closed` event closes every socket of
 * its channel; sockets that miss a ping are terminated.
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

  // A room's frame is encoded and framed once, and the same bytes go to every socket. Frames
  // for one socket within one turn of the event loop are queued and leave together at the end of
  // it (setImmediate): one corked write, so one system call, per socket per turn instead of one per
  // frame. At 300 messages/s fanned out to 50 chat and 50 notification sockets that is 30,000
  // frames a second, and the per-frame write was most of the portal's time. Under light load a turn
  // holds one frame and nothing waits; under heavy load the batches grow and each frame costs less.
  // Each socket's frames keep their order.
  let pending = new Map<HubClient, SharedFrame[]>();
  let flushQueued = false;

  function flush() {
    flushQueued = false;
    const batch = pending;
    pending = new Map();
    for (const [client, frames] of batch) sendAll(client.socket, frames);
  }

  function queue(client: HubClient, frame: SharedFrame) {
    const frames = pending.get(client);
    if (frames) frames.push(frame);
    else pending.set(client, [frame]);
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(flush);
    }
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
          // Issue 27: a channel closed for everyone on it (a chat after a block): no frame, the sockets go.
          if (event.type === 'channel.closed') {
            for (const member of members) member.socket.close(event.code, event.reason);
            return;
          }
          frameOf(event).then(
            (frame) => {
              if (frame === undefined) return;
              const shared = sharedFrame(Buffer.from(JSON.stringify(frame)));
              for (const member of members) queue(member, shared);
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
