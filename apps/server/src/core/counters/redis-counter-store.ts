import type { Redis } from 'ioredis';
import type { CounterState, CounterStore } from './counter-store.js';

// Only a live counter is decremented: DECR on a missing key would create one with no expiry.
const DECREMENT_LIVE = `if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0`;

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
    async decrement(key) {
      await redis.eval(DECREMENT_LIVE, 1, PREFIX + key);
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
