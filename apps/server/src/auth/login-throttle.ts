import type { CounterStore } from '../core/counters/counter-store.js';

export interface LoginThrottle {
  /** Milliseconds to wait before another attempt, or 0 when attempts are allowed. */
  retryAfterMs(email: string, ip: string): Promise<number>;
  failed(email: string, ip: string): Promise<void>;
  succeeded(email: string): Promise<void>;
}

// An address may be shared by many people (an office, a campus), so it gets a wider allowance.
const ADDRESS_FACTOR = 5;

/** Counts failed logins per account and per address in fixed windows. */
export function createLoginThrottle(counters: CounterStore, maxFailures: number, windowMs: number): LoginThrottle {
  const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
  const addressKey = (ip: string) => `login:address:${ip}`;
  return {
    async retryAfterMs(email, ip) {
      const [account, address] = await Promise.all([counters.get(accountKey(email)), counters.get(addressKey(ip))]);
      let wait = 0;
      if (account.count >= maxFailures) wait = Math.max(wait, account.resetInMs);
      if (address.count >= maxFailures * ADDRESS_FACTOR) wait = Math.max(wait, address.resetInMs);
      return wait;
    },
    async failed(email, ip) {
      await Promise.all([counters.increment(accountKey(email), windowMs), counters.increment(addressKey(ip), windowMs)]);
    },
    async succeeded(email) {
      await counters.reset(accountKey(email));
    },
  };
}
