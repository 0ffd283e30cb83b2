import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser, Authenticator } from './auth-user.js';
import { CHANNELS, type EventBus } from './events/event-bus.js';
import { createMemoryEventBus } from './events/memory-event-bus.js';
import { cachedAuthenticator, createSessionCache } from './session-cache.js';

describe('createSessionCache', () => {
  it('keeps an entry for the ttl, or until its expiry when that comes first', () => {
    let now = 1_000;
    const cache = createSessionCache<string>({ ttlMs: 1_000, now: () => now });
    cache.set('a', 'A', 10_000, cache.generation());
    cache.set('b', 'B', 1_300, cache.generation());
    now = 1_299;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', 'B']);
    now = 1_300;
    expect([cache.get('a'), cache.get('b')]).toEqual(['A', undefined]);
    now = 2_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('c', 'C', 1_500, cache.generation());
    expect(cache.get('c')).toBeUndefined();
    // Already expired, or expiring this very moment: not stored at all (it would only take room).
    cache.set('d', 'D', 2_000, cache.generation());
    expect(cache.size).toBe(0);
    cache.set('e', 'E', 2_001, cache.generation());
    expect(cache.size).toBe(1);
  });

  it('does not store what a lookup read before a drop', () => {
    const cache = createSessionCache<string>({ ttlMs: 1_000 });
    const since = cache.generation();
    cache.clear();
    cache.set('a', 'stale', Date.now() + 60_000, since);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'fresh', Date.now() + 60_000, cache.generation());
    expect(cache.get('a')).toBe('fresh');
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = createSessionCache<number>({ ttlMs: 1_000, maxEntries: 3 });
    for (const n of [1, 2, 3, 4]) cache.set(`k${n}`, n, Date.now() + 60_000, cache.generation());
    expect(cache.size).toBe(3);
    expect([1, 2, 3, 4].map((n) => cache.get(`k${n}`))).toEqual([undefined, 2, 3, 4]);
  });

  it('stores nothing when its ttl is 0 (off)', () => {
    const cache = createSessionCache<string>({ ttlMs: 0 });
    cache.set('a', 'A', Date.now() + 60_000, cache.generation());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

const person = (role: AuthUser['role'] = null, via: AuthUser['via'] = 'jwt'): AuthUser => ({
  accountId: 7,
  sessionId: via === 'jwt' ? 'session-7' : null,
  via,
  legacyKeyHash: via === 'token' ? 'hash' : null,
  email: 'rosa@example.com',
  username: 'rosa',
  firstName: 'Rosa',
  lastName: 'Tester',
  role,
  socialProfile: null,
  ...(via === 'jwt' ? { tokenExpiresAt: Date.now() + 600_000 } : {}),
});

/** An authenticator that counts its lookups, answering `answer()` after `gate` (when set) opens. */
function counting(answer: () => AuthUser | null) {
  const calls: string[] = [];
  const options: ({ fresh?: boolean } | undefined)[] = [];
  let gate: Promise<void> | undefined;
  const inner: Authenticator = {
    async authenticate(header, given) {
      calls.push(header);
      options.push(given);
      if (gate) await gate;
      return answer();
    },
  };
  return {
    inner,
    calls,
    options,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

/** A cached authenticator over a counting one, on a bus of its own (closed after each test). */
function cachedOver(ttlMs: number, answer: () => AuthUser | null = () => person(), events: EventBus = createMemoryEventBus()) {
  const source = counting(answer);
  const auth = cachedAuthenticator(source.inner, { ttlMs, events });
  opened.push(auth);
  return { events, source, auth };
}

const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((auth) => auth.close()));

describe('cachedAuthenticator', () => {
  it('answers a repeated Bearer token from memory, each token apart', async () => {
    const { source, auth } = cachedOver(1_000);
    const first = await auth.authenticate('Bearer one');
    expect(await auth.authenticate('Bearer one')).toBe(first);
    await auth.authenticate('Bearer two');
    expect(source.calls).toEqual(['Bearer one', 'Bearer two']);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('never remembers staff, owners or legacy tokens, and reads afresh when asked', async () => {
    for (const [header, user] of [
      ['Bearer staff', person('staff')],
      ['Bearer owner', person('owner')],
      ['Token legacy', person(null, 'token')],
    ] as const) {
      const { source, auth } = cachedOver(1_000, () => user);
      await auth.authenticate(header);
      await auth.authenticate(header);
      expect(source.calls).toHaveLength(2);
    }
    const { source, auth } = cachedOver(1_000);
    await auth.authenticate('Bearer one');
    await auth.authenticate('Bearer one', { fresh: true });
    expect(source.calls).toHaveLength(2);
  });

  it('forgets everything on forget(), a session event or a content event from any instance', async () => {
    const { events, source, auth } = cachedOver(60_000);
    const lookups = async () => {
      await auth.authenticate('Bearer one');
      return source.calls.length;
    };
    expect(await lookups()).toBe(1);
    expect(await lookups()).toBe(1);
    auth.forget!();
    expect(await lookups()).toBe(2);
    await events.publish(CHANNELS.sessions, { type: 'session.revoked', sessionIds: ['someone-else'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await lookups()).toBe(3);
    await events.publish(CHANNELS.content, { type: 'content.changed', scopes: ['social'], origin: 'elsewhere' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await lookups()).toBe(4);
    expect(await lookups()).toBe(4);
  });

  it('does not remember a lookup that a change overtook', async () => {
    const { source, auth } = cachedOver(60_000);
    const release = source.hold();
    const pending = auth.authenticate('Bearer one');
    auth.forget!();
    release();
    await pending;
    await auth.authenticate('Bearer one');
    expect(source.calls).toHaveLength(2);
  });

  it('passes every lookup through with a ttl of 0, and remembers no failure', async () => {
    const off = cachedOver(0);
    await off.auth.authenticate('Bearer one');
    await off.auth.authenticate('Bearer one');
    expect(off.source.calls).toHaveLength(2);

    const refusing = cachedOver(60_000, () => {
      throw new Error('refused');
    });
    await expect(refusing.auth.authenticate('Bearer bad')).rejects.toThrow('refused');
    expect(refusing.auth.size).toBe(0);
  });

  it('caches only Bearer tokens, and passes the options of what it does not cache through', async () => {
    // Even were another scheme to resolve to a session's user, only `Bearer` answers are remembered.
    const { source, auth } = cachedOver(60_000);
    await auth.authenticate('Token legacy');
    await auth.authenticate('Token legacy', { fresh: false });
    expect(source.calls).toEqual(['Token legacy', 'Token legacy']);
    expect(source.options).toEqual([undefined, { fresh: false }]);
    expect(auth.size).toBe(0);

    const off = cachedOver(0);
    await off.auth.authenticate('Bearer one', { fresh: false });
    expect(off.source.options).toEqual([{ fresh: false }]);
  });

  it('remembers no unknown token, and no session without an expiry', async () => {
    const unknown = cachedOver(60_000, () => null);
    expect(await unknown.auth.authenticate('Bearer nobody')).toBeNull();
    expect(await unknown.auth.authenticate('Bearer nobody')).toBeNull();
    expect(unknown.source.calls).toHaveLength(2);
    expect(unknown.auth.size).toBe(0);

    const { tokenExpiresAt: _, ...endless } = person();
    const { source, auth } = cachedOver(60_000, () => ({ ...endless }));
    await auth.authenticate('Bearer one');
    await auth.authenticate('Bearer one');
    expect(source.calls).toHaveLength(2);
    expect(auth.size).toBe(0);

    // A legacy key's user never is, even on a Bearer header and with an expiry.
    const legacy = cachedOver(60_000, () => ({ ...person(null, 'token'), tokenExpiresAt: Date.now() + 600_000 }));
    await legacy.auth.authenticate('Bearer legacy');
    expect(legacy.auth.size).toBe(0);
  });

  it('freezes the social profile it hands out from memory', async () => {
    const profile = { id: 3 } as unknown as NonNullable<AuthUser['socialProfile']>;
    const { auth } = cachedOver(60_000, () => ({ ...person(), socialProfile: profile }));
    const user = await auth.authenticate('Bearer one');
    expect(user?.socialProfile).toBe(profile);
    expect(Object.isFrozen(profile)).toBe(true);
  });

  it('forgets a token when its session expires, and any entry after the ttl', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const expiring = cachedOver(60_000, () => ({ ...person(), tokenExpiresAt: 1_000_000 + 5_000 }));
      await expiring.auth.authenticate('Bearer one');
      vi.setSystemTime(1_000_000 + 4_999);
      await expiring.auth.authenticate('Bearer one');
      expect(expiring.source.calls).toHaveLength(1);
      vi.setSystemTime(1_000_000 + 5_000);
      await expiring.auth.authenticate('Bearer one');
      expect(expiring.source.calls).toHaveLength(2);

      vi.setSystemTime(2_000_000);
      const { source, auth } = cachedOver(1_000);
      await auth.authenticate('Bearer two');
      vi.setSystemTime(2_000_999);
      await auth.authenticate('Bearer two');
      expect(source.calls).toHaveLength(1);
      vi.setSystemTime(2_001_000);
      await auth.authenticate('Bearer two');
      expect(source.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('listens to the bus only while on, and no more once closed', async () => {
    const subscribed: string[] = [];
    const memory = createMemoryEventBus();
    const watched: EventBus = {
      ...memory,
      subscribe(channel, handler) {
        subscribed.push(channel);
        return memory.subscribe(channel, handler);
      },
    };
    cachedOver(0, undefined, watched);
    expect(subscribed).toEqual([]);
    const { source, auth } = cachedOver(60_000, undefined, watched);
    expect(subscribed).toEqual([CHANNELS.sessions, CHANNELS.content]);

    await auth.authenticate('Bearer one');
    auth.close();
    await memory.publish(CHANNELS.sessions, { type: 'session.revoked', sessionIds: ['someone-else'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await auth.authenticate('Bearer one');
    expect(source.calls).toHaveLength(1);
  });
});
