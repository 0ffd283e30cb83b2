import type { EventBus, EventHandler } from './event-bus.js';

export function createMemoryEventBus(): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    async publish(channel, event) {
      // Delivered after the publisher's current work, as it would be through Redis.
      const targets = [...(handlers.get(channel) ?? [])];
      queueMicrotask(() => {
        for (const handler of targets) handler(event);
      });
    },
    subscribe(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
      return {
        ready: Promise.resolve(),
        end() {
          set.delete(handler);
          if (set.size === 0) handlers.delete(channel);
        },
      };
    },
    async close() {
      handlers.clear();
    },
  };
}
