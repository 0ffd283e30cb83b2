import type { Redis } from 'ioredis';
import type { CounterState, CounterStore } from './counter-store.js';

export function createRedisCounterStore(redis: Redis, keyPrefix: string): CounterStore {
  const PREFIX = `${keyPrefix}counter:`;
  const state = (count: number, pttl: number): CounterState => ({
    count,
    resetInMs: pttl > 0 ? pttl : 0,
  });
  return {
    async increment(key, windowMs) {
      const results = await redis
        .multi()
        .incr(PREFIX + key)
        .pexpire(PREFIX + key, windowMs, 'NX')
        .pttl(PREFIX + key)
        .exec();
      if (!results) throw new Error('Redis transaction was aborted');
      const [[incrError, count], , [, pttl]] = results as [[Error | null, number], unknown, [Error | null, number]];
      if (incrError) throw incrError;
      return state(count, pttl);
    },
    async get(key) {
      const [count, pttl] = await redis
        .multi()
        .get(PREFIX + key)
        .pttl(PREFIX + key)
        .exec()
        .then((r) => [r?.[0]?.[1], r?.[1]?.[1]]);
      return state(Number(count ?? 0), Number(pttl ?? 0));
    },
    async reset(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      // The Redis connection is shared and closed by its owner.
    },
  };
}
