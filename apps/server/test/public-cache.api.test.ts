import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import { TRENDS_JOB } from '../src/social/trends.service.js';
import { SETUP_TIMEOUT_MS, post, socialUser, type SocialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 12.3: anonymous public reads come from memory, and never outlive a change. */
let t: TestApp;
let other: FastifyInstance;
let author: SocialUser;
const events = createMemoryEventBus();

beforeAll(async () => {
  t = await createTestApp({}, () => {}, { events });
  // A second instance on the same database and event bus, as behind a load balancer.
  other = await buildApp({ config: t.config, database: t.database, events, logger: false });
  await other.ready();
  author = await socialUser(t, { first_name: 'Cass', last_name: 'Cache' });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await other.close();
  await t.close();
  await events.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const feedBodies = (body: string) =>
  (JSON.parse(body) as { results: { posts: { body: string }[] } }).results.posts.map((p) => p.body);

describe('public reads', () => {
  it('answer a second anonymous read from memory with the same body, an ETag, and 304 for a browser that has it', async () => {
    const first = await get(t.app, '/api/v1/vue-apps/');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const second = await get(t.app, '/api/v1/vue-apps/');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(etag);

    const revalidated = await get(t.app, '/api/v1/vue-apps/', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends a cached answer compressed for a browser that asks for gzip', async () => {
    const plain = await get(t.app, '/api/v1/vue-apps/');
    expect(plain.body.length).toBeGreaterThan(1024);
    const zipped = await get(t.app, '/api/v1/vue-apps/', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.headers['x-cache']).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const fresh = await get(other, '/api/v1/vue-apps/');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(fresh.body);
  });

  it('never serves a signed-in caller from memory, and marks personal answers private', async () => {
    await get(t.app, '/api/social-posts/');
    const signedIn = await get(t.app, '/api/social-posts/', author.headers);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });

  it('drop what a write changes, on this instance and on the others', async () => {
    expect(feedBodies((await get(t.app, '/api/social-posts/')).body)).not.toContain('Fresh from the oven');
    expect(feedBodies((await get(other, '/api/social-posts/')).body)).not.toContain('Fresh from the oven');
    expect((await get(other, '/api/social-posts/')).headers['x-cache']).toBe('hit');

    await post(t, author, 'Fresh from the oven');
    await new Promise((resolve) => setImmediate(resolve));
    for (const app of [t.app, other]) {
      const after = await get(app, '/api/social-posts/');
      expect(after.headers['x-cache']).toBeUndefined();
      expect(feedBodies(after.body)).toContain('Fresh from the oven');
    }
  });

  it('keep a read of another part of the portal: a shop answer outlives a social write', async () => {
    await get(t.app, '/taberna-store/api/v1/product-categories/');
    await post(t, author, 'Nothing to do with the shop');
    expect((await get(t.app, '/taberna-store/api/v1/product-categories/')).headers['x-cache']).toBe('hit');
  });

  it('drop what a scheduled job changes (trends)', async () => {
    await post(t, author, 'Tagged #cachetrend');
    // The first read may recompute stale trends itself (the job announces it, so that answer is not kept).
    await get(t.app, '/api/social-posts/trends/');
    await get(t.app, '/api/social-posts/trends/');
    expect((await get(t.app, '/api/social-posts/trends/')).headers['x-cache']).toBe('hit');
    await t.app.scheduler.runNow(TRENDS_JOB);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await get(t.app, '/api/social-posts/trends/')).headers['x-cache']).toBeUndefined();
  });

  it('are not cached with PUBLIC_CACHE=off', async () => {
    const off = await createTestApp({ PUBLIC_CACHE: 'off' });
    try {
      await get(off.app, '/api/v1/vue-apps/');
      const again = await get(off.app, '/api/v1/vue-apps/');
      expect(again.headers['x-cache']).toBeUndefined();
      expect(again.headers.etag).toBeDefined();
    } finally {
      await off.close();
    }
  });
});
