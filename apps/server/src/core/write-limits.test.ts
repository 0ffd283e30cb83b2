import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import './fastify-augment.js';
import type { AuthUser } from './auth-user.js';
import { createMemoryCounterStore } from './counters/memory-counter-store.js';
import { registerErrorHandler } from './error-handler.js';
import { ApiError } from './errors.js';
import {
  RATE_LIMITS_OFF_WARNING,
  WRITE_ACTIONS,
  createWriteLimiter,
  waitWords,
  writeLimitsPlugin,
  type Rate,
  type WriteAction,
} from './write-limits.js';

const rates = (rate: Rate): Record<WriteAction, Rate> =>
  Object.fromEntries(WRITE_ACTIONS.map((action) => [action, rate])) as Record<WriteAction, Rate>;

describe('waitWords', () => {
  it.each([
    [0, '1 second'],
    [1, '1 second'],
    [1_000, '1 second'],
    [1_001, '2 seconds'],
    [59_000, '59 seconds'],
    [59_001, '1 minute'],
    [60_000, '1 minute'],
    [60_001, '2 minutes'],
    [3_600_000, '60 minutes'],
  ])('%i ms → %s', (ms, words) => {
    expect(waitWords(ms)).toBe(words);
  });
});

/** What a refused take threw: its status, body and headers. */
async function refusal(take: Promise<void>) {
  const error = await take.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { statusCode, body, headers } = error as ApiError;
  return { statusCode, body, headers };
}

describe('createWriteLimiter', () => {
  it('lets `count` writes through in a window, refuses the next with 429 and Retry-After, and opens again after it', async () => {
    let now = 1_000_000;
    const limiter = createWriteLimiter(
      createMemoryCounterStore(() => now),
      { ...rates({ count: 1, windowMs: 1 }), post: { count: 2, windowMs: 90_000 } },
    );
    await limiter.take('post', 7, 'error');
    now += 10_000;
    await limiter.take('post', 7, 'error');
    expect(await refusal(limiter.take('post', 7, 'error'))).toEqual({
      statusCode: 429,
      body: { error: 'Too many posts. Try again in 2 minutes.' },
      headers: { 'retry-after': '80' },
    });
    now += 79_500;
    expect(await refusal(limiter.take('post', 7, 'detail'))).toEqual({
      statusCode: 429,
      body: { detail: 'Too many posts. Try again in 1 second.' },
      headers: { 'retry-after': '1' },
    });
    now += 500;
    await limiter.take('post', 7, 'error');
  });

  it('counts each account and each kind of write apart, and words each kind', async () => {
    const limiter = createWriteLimiter(createMemoryCounterStore(), rates({ count: 1, windowMs: 30_000 }));
    const words: Record<WriteAction, string> = {
      post: 'posts',
      comment: 'comments',
      like: 'likes',
      report: 'reports',
      friendRequest: 'friend requests',
      chatMessage: 'messages',
      review: 'reviews',
      scene: 'scene saves',
    };
    for (const action of WRITE_ACTIONS) {
      await limiter.take(action, 1, 'detail');
      await limiter.take(action, 2, 'detail');
      const refused = await refusal(limiter.take(action, 1, 'detail'));
      expect(refused.body, action).toEqual({ detail: `Too many ${words[action]}. Try again in 30 seconds.` });
    }
  });
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const person = (accountId: number) => ({ accountId, role: null }) as AuthUser;

/** A small portal: the caller is account `x-account` (none without it); two limited routes and one not. */
async function portal(limits: Record<WriteAction, Rate> | undefined, warnings: string[] = []) {
  const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } } });
  apps.push(app);
  registerErrorHandler(app);
  await app.register(
    fp(
      async (instance) => {
        instance.decorateRequest('user', null);
        instance.addHook('onRequest', async (request) => {
          const account = request.headers['x-account'];
          request.user = typeof account === 'string' ? person(Number(account)) : null;
        });
      },
      { name: 'authenticate' },
    ),
  );
  await app.register(writeLimitsPlugin, { counters: createMemoryCounterStore(), rates: limits });
  const handled: string[] = [];
  const own: string[] = [];
  app.post(
    '/comments/',
    {
      config: { writeLimit: { action: 'comment', shape: 'error' } },
      schema: { body: { type: 'object', required: ['body'], properties: { body: { type: 'string', minLength: 1 } } } },
      preHandler: async () => void own.push('own preHandler'),
    },
    async () => {
      handled.push('comment');
      return { ok: true };
    },
  );
  app.post('/reports/', { config: { writeLimit: { action: 'report', shape: 'detail' } } }, async () => {
    handled.push('report');
    return { ok: true };
  });
  app.post('/unlimited/', async () => {
    handled.push('unlimited');
    return { ok: true };
  });
  await app.ready();
  const send = (url: string, account?: number, payload: object = { body: 'x' }) =>
    app.inject({ method: 'POST', url, payload, headers: account === undefined ? {} : { 'x-account': String(account) } });
  return { send, handled, own };
}

describe('writeLimitsPlugin', () => {
  it('refuses a route’s writes beyond its limit in the route’s error shape, before the handler and the route’s own checks', async () => {
    const { send, handled, own } = await portal(rates({ count: 1, windowMs: 60_000 }));
    expect((await send('/comments/', 1)).statusCode).toBe(200);
    const refused = await send('/comments/', 1);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many comments. Try again in 1 minute.' });
    expect(refused.headers['retry-after']).toBe('60');
    expect(handled).toEqual(['comment']);
    expect(own).toEqual(['own preHandler']);
    expect((await send('/reports/', 1)).statusCode).toBe(200);
    expect((await send('/reports/', 1)).json()).toEqual({ detail: 'Too many reports. Try again in 1 minute.' });
    // Another account, and a route without a limit, go on.
    expect((await send('/comments/', 2)).statusCode).toBe(200);
    for (const _ of [1, 2, 3]) expect((await send('/unlimited/', 1)).statusCode).toBe(200);
  });

  it('counts only valid writes of known callers', async () => {
    const { send, handled } = await portal(rates({ count: 1, windowMs: 60_000 }));
    // Invalid input: refused by validation, and not counted.
    for (const _ of [1, 2]) expect((await send('/comments/', 1, { body: '' })).statusCode).toBe(400);
    expect((await send('/comments/', 1)).statusCode).toBe(200);
    // Anonymous callers are not counted (the route refuses them itself).
    for (const _ of [1, 2, 3]) expect((await send('/comments/')).statusCode).toBe(200);
    expect(handled).toEqual(['comment', 'comment', 'comment', 'comment']);
  });

  it('with RATE_LIMITS=off limits nothing and says so once in the log', async () => {
    const warnings: string[] = [];
    const { send, handled } = await portal(undefined, warnings);
    for (const _ of [1, 2, 3]) expect((await send('/comments/', 1)).statusCode).toBe(200);
    expect(handled).toHaveLength(3);
    expect(warnings.filter((line) => line.includes(RATE_LIMITS_OFF_WARNING))).toHaveLength(1);
  });
});
