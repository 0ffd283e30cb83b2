import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { EventBus, EventHandler, PortalEvent } from './event-bus.js';

/**
 * Redis pub/sub: `publisher` is the shared connection; a second one is made for subscribing (a
 * subscribed Redis connection can do nothing else). Errors are logged, never thrown at publishers:
 * the database already holds what happened, and clients resynchronise on reconnect.
 */
export function createRedisEventBus(publisher: Redis, keyPrefix: string, log: FastifyBaseLogger): EventBus {
  const subscriber = publisher.duplicate();
  subscriber.on('error', (error) => log.error({ err: error }, 'redis event bus: subscriber error'));
  const handlers = new Map<string, Set<EventHandler>>();
  const confirmed = new Map<string, Promise<void>>();
  const prefix = `${keyPrefix}events:`;

  subscriber.on('message', (fullChannel: string, text: string) => {
    const channel = fullChannel.slice(prefix.length);
    let event: PortalEvent;
    try {
      event = JSON.parse(text) as PortalEvent;
    } catch {
      log.warn({ channel }, 'redis event bus: dropped a message that is not JSON');
      return;
    }
    for (const handler of handlers.get(channel) ?? []) handler(event);
  });

  return {
    async publish(channel, event) {
      try {
        await publisher.publish(prefix + channel, JSON.stringify(event));
      } catch (error) {
        log.error({ err: error, channel }, 'redis event bus: publish failed');
      }
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        confirmed.set(
          channel,
          subscriber.subscribe(prefix + channel).then(
            () => undefined,
            (error: unknown) => log.error({ err: error, channel }, 'redis event bus: subscribe failed'),
          ),
        );
      }
      set.add(handler);
      const current = set;
      return {
        ready: confirmed.get(channel) ?? Promise.resolve(),
        end() {
          current.delete(handler);
          if (current.size === 0 && handlers.get(channel) === current) {
            handlers.delete(channel);
            confirmed.delete(channel);
            subscriber.unsubscribe(prefix + channel).catch(() => undefined);
          }
        },
      };
    },
    async close() {
      handlers.clear();
      confirmed.clear();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
