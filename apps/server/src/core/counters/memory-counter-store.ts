import type { CounterState, CounterStore } from './counter-store.js';

interface Entry {
  count: number;
  expiresAt: number;
}

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, Entry>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  }, 60_000);
  sweep.unref();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const state = (entry: Entry | undefined): CounterState =>
    entry ? { count: entry.count, resetInMs: entry.expiresAt - now() } : { count: 0, resetInMs: 0 };

  return {
    async increment(key, windowMs) {
      let entry = live(key);
      if (!entry) {
        entry = { count: 0, expiresAt: now() + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      return state(entry);
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async get(key) {
      return state(live(key));
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}
