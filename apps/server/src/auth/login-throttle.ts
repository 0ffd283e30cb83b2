import type { CounterStore } from '../core/counters/counter-store.js';

/** How many failed password checks each counter allows per window (deviation 13). */
export interface LoginLimits {
  /** One account from one address: a burst locks that address out of that account only. */
  perAccountAndAddress: number;
  /** One account from every address together: the ceiling for distributed guessing. */
  perAccount: number;
  /** One address against every account: the ceiling for spraying one password over many accounts. */
  perAddress: number;
  windowMs: number;
}

/** A password check that may go ahead; its attempt is already counted as a failure. */
export interface Reservation {
  /** The password was right: the attempt no longer counts, and this pair starts afresh. */
  succeeded(): Promise<void>;
}

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; retryAfterMs: number };

export interface LoginThrottle {
  /**
   * Counts an attempt before its password is checked, so parallel guesses cannot slip past the
   * limit while the hash runs: each counter is one atomic increment in the counter store.
   * `accountKey` is the email as the database matches it (`accounts.emailKey`), so every spelling
   * that logs in to an account shares its counters.
   */
  reserve(accountKey: string, ip: string): Promise<ReserveResult>;
}

/**
 * Counts password checks per account and address pair, per account and per address, in fixed
 * windows. Every path that checks a password (logins, app sign-up of an existing account,
 * password change) goes through here and shares these counters.
 */
export function createLoginThrottle(counters: CounterStore, limits: LoginLimits): LoginThrottle {
  const pairKey = (account: string, ip: string) => `login:pair:${account}|${ip}`;
  const accountKey = (account: string) => `login:account:${account}`;
  const addressKey = (ip: string) => `login:address:${ip}`;

  return {
    async reserve(email, ip) {
      // The pair first: once an address is locked out of an account, its further tries stop here
      // and never reach the account-wide counter, so they cannot lock the owner out elsewhere.
      const pair = await counters.increment(pairKey(email, ip), limits.windowMs);
      if (pair.count > limits.perAccountAndAddress) return { ok: false, retryAfterMs: pair.resetInMs };
      const [whole, address] = await Promise.all([
        counters.increment(accountKey(email), limits.windowMs),
        counters.increment(addressKey(ip), limits.windowMs),
      ]);
      const waits = [
        whole.count > limits.perAccount ? whole.resetInMs : 0,
        address.count > limits.perAddress ? address.resetInMs : 0,
      ];
      const retryAfterMs = Math.max(...waits);
      if (retryAfterMs > 0) return { ok: false, retryAfterMs };
      return {
        ok: true,
        reservation: {
          async succeeded() {
            await Promise.all([
              counters.reset(pairKey(email, ip)),
              counters.decrement(accountKey(email)),
              counters.decrement(addressKey(ip)),
            ]);
          },
        },
      };
    },
  };
}
