import type { AuthUser, Authenticator } from './auth-user.js';
import { CHANNELS, type EventBus } from './events/event-bus.js';

/**
 * Who a Bearer token is, remembered for a moment (issue 12: a logged-in read was the session check
 * and its own statement; with this, a repeated read is its own statement alone).
 *
 * It can only be as fresh as what drops it, so it is dropped whole:
 * - by every successful write on this instance, before its answer leaves (the authenticate plugin),
 *   so whoever made a change, and anyone after them, is read afresh here;
 * - by every session or content event on the bus (a logout, a suspension or any write elsewhere);
 * - and each entry lives `ttlMs` at most (a change made by another process, the command line's grant).
 * A lookup that started before a drop does not store what it read (the generation moved on), so a
 * read that raced a change cannot put the old state back. Staff and owners are never remembered,
 * and the back office always reads afresh: the cache never widens what anyone may do.
 */
export interface SessionCache<T> {
  /** What `key` resolved to, while it is remembered. */
  get(key: string): T | undefined;
  /** The generation a lookup starts in; pass it to {@link SessionCache.set}. */
  generation(): number;
  /** Remembers `value` until `expiresAt` (or the ttl, if sooner), unless a drop happened since `generation`. */
  set(key: string, value: T, expiresAt: number, generation: number): void;
  /** Forgets everything. */
  clear(): void;
  readonly size: number;
}

export interface SessionCacheOptions {
  /** How long an entry lives at most; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept at most: the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

export function createSessionCache<T>({
  ttlMs,
  maxEntries = 10_000,
  // Read at each use, so that a test moving the clock (vi.setSystemTime) moves it here too.
  now = () => Date.now(),
}: SessionCacheOptions): SessionCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  let generation = 0;
  return {
    get(key) {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    generation: () => generation,
    set(key, value, expiresAt, since) {
      if (ttlMs <= 0 || since !== generation) return;
      const until = Math.min(expiresAt, now() + ttlMs);
      if (until <= now()) return;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: until });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * An authenticator that remembers Bearer callers without a role for `ttlMs` (see above): dropped by
 * {@link Authenticator.forget} (the authenticate plugin, after each successful write here) and by
 * every event on the sessions and content channels (logouts, suspensions, writes on any instance).
 */
export function cachedAuthenticator(
  inner: Authenticator,
  { ttlMs, events, maxEntries }: { ttlMs: number; events: EventBus; maxEntries?: number },
): Authenticator & { close(): void; readonly size: number } {
  const cache = createSessionCache<AuthUser>({ ttlMs, maxEntries });
  const subscriptions =
    ttlMs > 0 ? [CHANNELS.sessions, CHANNELS.content].map((channel) => events.subscribe(channel, () => cache.clear())) : [];
  return {
    async authenticate(header, options) {
      if (ttlMs <= 0 || options?.fresh || !header.startsWith('Bearer ')) return inner.authenticate(header, options);
      const known = cache.get(header);
      if (known) return known;
      const since = cache.generation();
      const user = await inner.authenticate(header);
      if (user && user.via === 'jwt' && user.role === null && user.tokenExpiresAt !== undefined) {
        if (user.socialProfile) Object.freeze(user.socialProfile);
        cache.set(header, Object.freeze(user), user.tokenExpiresAt, since);
      }
      return user;
    },
    forget: () => cache.clear(),
    close: () => subscriptions.forEach((subscription) => subscription.end()),
    get size() {
      return cache.size;
    },
  };
}
