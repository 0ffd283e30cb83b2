import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventBus, PortalEvent } from '../src/core/events/event-bus.js';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import { createRedisEventBus } from '../src/core/events/redis-event-bus.js';

const log = { error: () => undefined, warn: () => undefined } as never;
const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
const buses: EventBus[] = [];

/** Two buses as two instances would have them: separate Redis connections, or one process's bus. */
function twoBuses(): [EventBus, EventBus] {
  if (!redisUrl) {
    const bus = createMemoryEventBus();
    buses.push(bus);
    return [bus, bus];
  }
  const prefix = `t${Math.random().toString(16).slice(2, 10)}:`;
  const make = () => {
    const redis = new Redis(redisUrl);
    connections.push(redis);
    const bus = createRedisEventBus(redis, prefix, log);
    buses.push(bus);
    return bus;
  };
  return [make(), make()];
}

afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const redis of connections) await redis.quit();
});

/** The next event on `channel`, once the subscription is confirmed. */
async function next(bus: EventBus, channel: string) {
  let settle: (event: PortalEvent) => void = () => undefined;
  const received = new Promise<PortalEvent>((resolve) => (settle = resolve));
  const subscription = bus.subscribe(channel, (event) => {
    subscription.end();
    settle(event);
  });
  await subscription.ready;
  return { received };
}

describe(`event bus (${redisUrl ? 'Redis' : 'in-process'})`, () => {
  it('delivers an event published by one instance to subscribers on another', async () => {
    const [a, b] = twoBuses();
    const { received } = await next(b, 'chat:c1');
    const event: PortalEvent = { type: 'chat.message', conversationId: 'c1', messageId: 'm1' };
    await a.publish('chat:c1', event);
    expect(await received).toEqual(event);
  });

  it('keeps channels apart and stops delivering after unsubscribe', async () => {
    const [a, b] = twoBuses();
    const seen: string[] = [];
    const wanted = b.subscribe('notifications:7', (event) => seen.push(event.type));
    const other = b.subscribe('notifications:8', () => seen.push('wrong channel'));
    await Promise.all([wanted.ready, other.ready]);
    const like: PortalEvent = { type: 'notification.created', profileId: 7, notificationType: 'post_like' };

    // Events from one publisher arrive in order, so a later marker shows the earlier one was handled.
    let marker = await next(b, 'marker');
    await a.publish('notifications:7', like);
    await a.publish('marker', like);
    await marker.received;
    expect(seen).toEqual(['notification.created']);

    wanted.end();
    marker = await next(b, 'marker');
    await a.publish('notifications:7', like);
    await a.publish('marker', like);
    await marker.received;
    expect(seen).toEqual(['notification.created']);
  });
});
