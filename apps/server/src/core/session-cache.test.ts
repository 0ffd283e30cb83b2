import { describe, expect, it } from 'vitest';
import type { AuthUser, Authenticator } from './auth-user.js';
import { CHANNELS } from './events/event-bus.js';
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
  let gate: Promise<void> | undefined;
  const inner: Authenticator = {
    async authenticate(header) {
      calls.push(header);
      if (gate) await gate;
      return answer();
    },
  };
  return {
    inner,
    calls,
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

describe('cachedAuthenticator', () => {
  it('answers a repeated Bearer token from memory, each token apart', async () => {
    const events = createMemoryEventBus();
    const source = counting(() => person());
    const auth = cachedAuthenticator(source.inner, { ttlMs: 1_000, events });
    const first = await auth.authenticate('Bearer one');
    expect(await auth.authenticate('Bearer one')).toBe(first);
    await auth.authenticate('Bearer two');
    expect(source.calls).toEqual(['Bearer one', 'Bearer two']);
    expect(Object.isFrozen(first)).toBe(true);
    auth.close();
  });

  it('never remembers staff, owners or legacy tokens, and reads afresh when asked', async () => {
    const events = createMemoryEventBus();
    for (const [header, user] of [
      ['Bearer staff', person('staff')],
      ['Bearer owner', person('owner')],
      ['Token legacy', person(null, 'token')],
    ] as const) {
      const source = counting(() => user);
      const auth = cachedAuthenticator(source.inner, { ttlMs: 1_000, events });
      await auth.authenticate(header);
      await auth.authenticate(header);
      expect(source.calls).toHaveLength(2);
      auth.close();
    }
    const source = counting(() => person());
    const auth = cachedAuthenticator(source.inner, { ttlMs: 1_000, events });
    await auth.authenticate('Bearer one');
    await auth.authenticate('Bearer one', { fresh: true });
    expect(source.calls).toHaveLength(2);
    auth.close();
  });

  it('forgets everything on forget(), a session event or a content event from any instance', async () => {
    const events = createMemoryEventBus();
    const source = counting(() => person());
    const auth = cachedAuthenticator(source.inner, { ttlMs: 60_000, events });
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
    auth.close();
  });

  it('does not remember a lookup that a change overtook', async () => {
    const events = createMemoryEventBus();
    const source = counting(() => person());
    const auth = cachedAuthenticator(source.inner, { ttlMs: 60_000, events });
    const release = source.hold();
    const pending = auth.authenticate('Bearer one');
    auth.forget!();
    release();
    await pending;
    await auth.authenticate('Bearer one');
    expect(source.calls).toHaveLength(2);
    auth.close();
  });

  it('passes every lookup through with a ttl of 0, and remembers no failure', async () => {
    const events = createMemoryEventBus();
    const off = counting(() => person());
    const auth = cachedAuthenticator(off.inner, { ttlMs: 0, events });
    await auth.authenticate('Bearer one');
    await auth.authenticate('Bearer one');
    expect(off.calls).toHaveLength(2);

    const refusing: Authenticator = {
      authenticate: async () => {
        throw new Error('refused');
      },
    };
    const cached = cachedAuthenticator(refusing, { ttlMs: 60_000, events });
    await expect(cached.authenticate('Bearer bad')).rejects.toThrow('refused');
    expect(cached.size).toBe(0);
    cached.close();
  });
});
