import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import { eq, sql } from 'drizzle-orm';
import { tabernaOrders } from '../src/db/schema/index.js';
import { TRENDS_JOB } from '../src/social/trends.service.js';
import { accounts, tabernaReviews } from '../src/db/schema/index.js';
import { EXPIRE_ORDERS_JOB } from '../src/taberna/taberna.plugin.js';
import { backoffice, member, newestOrderId, pay, placeOrder } from './support/backoffice.js';
import { SETUP_TIMEOUT_MS, multipart, post, socialUser, type SocialUser } from './support/social.js';
import { createProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 12.3: anonymous public reads come from memory, and never outlive a change. */
let t: TestApp;
let other: FastifyInstance;
let author: SocialUser;
const events = createMemoryEventBus();
/** Requests that reached an onRequest hook added after every plugin (the hits served first never do). */
let reachedLaterHooks = 0;
const CLIENT_ORIGIN = 'https://client.example';

beforeAll(async () => {
  t = await createTestApp(
    { CORS_ALLOWED_ORIGINS: CLIENT_ORIGIN },
    (app) => app.addHook('onRequest', async () => void (reachedLaterHooks += 1)),
    { events },
  );
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

  it('serve a hit before the rest of the hook chain, with the headers the answer was made with', async () => {
    const url = '/taberna-store/api/v1/latest-products/';
    reachedLaterHooks = 0;
    const made = await get(t.app, url);
    expect(made.headers['x-cache']).toBeUndefined();
    expect(reachedLaterHooks).toBe(1);

    const hit = await get(t.app, url);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(reachedLaterHooks).toBe(1);
    expect(hit.body).toBe(made.body);
    // The security headers as the answer had them.
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-resource-policy',
      'cross-origin-opener-policy',
      'content-type',
      'etag',
      'cache-control',
    ])
      expect(hit.headers[name], name).toBe(made.headers[name]);
    expect(hit.headers['content-length']).toBe(String(Buffer.byteLength(made.body)));
    expect((await get(t.app, url, { 'if-none-match': String(made.headers.etag) })).statusCode).toBe(304);
    expect(reachedLaterHooks).toBe(1);

    // A caller with credentials, a cross-origin caller (CORS answers by Origin) and HEAD go the whole way.
    const signedIn = await get(t.app, url, author.headers);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(reachedLaterHooks).toBe(2);
    const crossOrigin = await get(t.app, url, { origin: CLIENT_ORIGIN });
    expect(crossOrigin.headers['x-cache']).toBe('hit');
    expect(crossOrigin.headers['access-control-allow-origin']).toBe(CLIENT_ORIGIN);
    expect(reachedLaterHooks).toBe(3);
    const otherOrigin = await get(t.app, url, { origin: 'https://elsewhere.example' });
    expect(otherOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(reachedLaterHooks).toBe(4);
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
    expect(reachedLaterHooks).toBe(5);
    // A refused token is refused, not answered from memory.
    expect((await get(t.app, url, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
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

  it("keep a signed-in person's own feed for them alone (issue 24), until the network changes, on every instance", async () => {
    const reader = await socialUser(t, { first_name: 'Rita', last_name: 'Reader' });
    await post(t, author, 'Mine to read');
    const first = await get(t.app, '/api/social-posts/', author.headers);
    expect(feedBodies(first.body)).toContain('Mine to read');
    expect(first.headers['x-cache']).toBeUndefined();
    const again = await get(t.app, '/api/social-posts/', author.headers);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.body).toBe(first.body);
    expect(
      (await get(t.app, '/api/social-posts/', { ...author.headers, 'if-none-match': String(again.headers.etag) })).statusCode,
    ).toBe(304);
    // Another account never gets it: its own answer, made for it.
    const theirs = await get(t.app, '/api/social-posts/', reader.headers);
    expect(theirs.headers['x-cache']).toBeUndefined();
    expect(theirs.body).not.toBe(first.body);
    expect((await get(t.app, '/api/social-posts/', { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    await get(other, '/api/social-posts/', author.headers);
    expect((await get(other, '/api/social-posts/', author.headers)).headers['x-cache']).toBe('hit');

    await post(t, author, 'Cached no more');
    await new Promise((resolve) => setImmediate(resolve));
    for (const app of [t.app, other]) {
      const after = await get(app, '/api/social-posts/', author.headers);
      expect(after.headers['x-cache']).toBeUndefined();
      expect(feedBodies(after.body)).toContain('Cached no more');
    }
  });

  it("issue 27: drop a person's kept feed when they bookmark, mute or block, and when a post in it is edited", async () => {
    const reader = await socialUser(t, { first_name: 'Bea', last_name: 'Bookmarker' });
    const { id } = await post(t, author, 'Kept, then changed');
    const feed = '/api/social-posts/?scope=public';
    type Shown = { id: string; body: string; bookmarked: boolean };
    const shown = (body: string) => (JSON.parse(body) as { results: { posts: Shown[] } }).results.posts.find((p) => p.id === id);
    const write = (method: 'POST' | 'DELETE' | 'PATCH', url: string, who: SocialUser, payload?: object) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    /** Reads the feed twice: the second from memory; then `change` must make the next read a fresh one. */
    const freshAfter = async (change: () => Promise<{ statusCode: number }>) => {
      await get(t.app, feed, reader.headers);
      expect((await get(t.app, feed, reader.headers)).headers['x-cache']).toBe('hit');
      expect((await change()).statusCode).toBeLessThan(300);
      const after = await get(t.app, feed, reader.headers);
      expect(after.headers['x-cache']).toBeUndefined();
      return shown(after.body);
    };

    expect((await freshAfter(() => write('POST', `/api/social-posts/${id}/bookmark/`, reader)))?.bookmarked).toBe(true);
    expect((await freshAfter(() => write('DELETE', `/api/social-posts/${id}/bookmark/`, reader)))?.bookmarked).toBe(false);
    expect(await freshAfter(() => write('POST', `/api/social-profiles/${author.profile.slug}/mute/`, reader))).toBeUndefined();
    expect(await freshAfter(() => write('DELETE', `/api/social-profiles/${author.profile.slug}/mute/`, reader))).toBeDefined();
    expect(
      (await freshAfter(() => write('PATCH', `/api/social-posts/${id}/`, author, { body: 'Kept, then edited' })))?.body,
    ).toBe('Kept, then edited');
    expect(await freshAfter(() => write('POST', `/api/social-profiles/${author.profile.slug}/block/`, reader))).toBeUndefined();
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

  it("audit S7: drop the shop's product answers at once when a reviewer renames their profile", async () => {
    const product = await createProduct(t.database.db);
    const [account] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, author.person.email));
    await t.database.db
      .insert(tabernaReviews)
      .values({ productId: product.id, accountId: account!.id, subject: 'Fits', rating: 5 });
    const url = `/taberna-store/api/v1/products/${product.categorySlug}/${product.slug}`;
    const reviewers = async () => {
      const answer = await get(t.app, url);
      return {
        hit: answer.headers['x-cache'] === 'hit',
        body: JSON.stringify((answer.json() as { reviews: unknown[] }).reviews),
      };
    };
    await reviewers();
    expect((await reviewers()).hit).toBe(true);
    const { username, email } = author.person;
    const form = await multipart({ username, email, first_name: 'Renamed', last_name: 'Reviewer' });
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editprofile/',
      payload: form.payload,
      headers: { ...form.headers, ...author.headers },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await reviewers();
    expect(after.hit).toBe(false);
    expect(after.body).toContain('Renamed');
  });

  it('drop what a scheduled job changes (trends), and only when it changed something', async () => {
    const url = '/api/social-posts/trends/';
    await post(t, author, 'Tagged #cachetrend');
    await post(t, author, 'Tagged later, behind the portal');
    // The first read may recompute stale trends itself (the job announces it, so that answer is not kept).
    await get(t.app, url);
    await get(t.app, url);
    expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
    // The job finds the same trends: the cached answer stays.
    await t.app.scheduler.runNow(TRENDS_JOB);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await get(t.app, url)).headers['x-cache']).toBe('hit');
    // A change the HTTP writes did not announce (straight in the database): the job finds other trends and drops it.
    await t.database.db.execute(sql`
      insert into social_post_hashtags (post_id, hashtag_id, created_at, listed)
      select p.id, h.id, now(), true from social_posts p, social_hashtags h
      where h.tag = 'cachetrend' and p.body = 'Tagged later, behind the portal'`);
    await t.app.scheduler.runNow(TRENDS_JOB);
    await new Promise((resolve) => setImmediate(resolve));
    const after = await get(t.app, url);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(after.body).toContain('"occurences":2');
  });

  it('show an order’s effect on the shop at once, on every instance: placed, paid, cancelled, refunded, expired', async () => {
    const staff = await member(t, 'staff');
    const bo = backoffice(t, staff);
    const customer = await member(t);
    const product = await createProduct(t.database.db, { stock: 5 });
    const url = `/taberna-store/api/v1/products/${product.categorySlug}/${product.slug}/`;
    /** The stock the product's public page shows on an instance, and whether it came from memory. */
    const shown = async (app: FastifyInstance) => {
      const answer = await get(app, url);
      expect(answer.statusCode, answer.body).toBe(200);
      return { stock: (answer.json() as { product: { stock: number } }).product.stock, hit: answer.headers['x-cache'] === 'hit' };
    };
    /** Both instances show `stock`, freshly made; then both remember it. */
    const bothShow = async (stock: number) => {
      await new Promise((resolve) => setImmediate(resolve));
      for (const app of [t.app, other]) {
        expect(await shown(app)).toEqual({ stock, hit: false });
        expect(await shown(app)).toEqual({ stock, hit: true });
      }
    };
    await bothShow(5);

    // Placed: stock taken for it.
    const sessionId = await placeOrder(t, customer, product.id, 2);
    await bothShow(3);
    // Paid: the same stock, but the answers are made again.
    await pay(t, sessionId);
    await bothShow(3);
    // Refunded: the stock comes back.
    const paidId = await newestOrderId(t, staff, customer);
    expect((await bo('POST', `/orders/${paidId}/refund/`)).statusCode).toBe(200);
    await bothShow(5);
    // Cancelled by staff.
    await placeOrder(t, customer, product.id, 1);
    await bothShow(4);
    expect((await bo('POST', `/orders/${await newestOrderId(t, staff, customer)}/cancel/`)).statusCode).toBe(200);
    await bothShow(5);
    // Cancelled from the payment's failed page (by another customer: a cancelled order leaves its cart as it was).
    const second = await member(t);
    const failedId = await placeOrder(t, second, product.id, 1);
    await bothShow(4);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/order_payment_failed/',
      payload: { stripe_session_id: failedId },
      headers: second.headers,
    });
    expect(failed.statusCode, failed.body).toBe(200);
    await bothShow(5);
    // Expired unpaid, by the scheduled job.
    const expiring = await placeOrder(t, await member(t), product.id, 3);
    await bothShow(2);
    await t.database.db
      .update(tabernaOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tabernaOrders.sessionId, expiring));
    expect(await t.app.scheduler.runNow(EXPIRE_ORDERS_JOB)).toBe(true);
    await bothShow(5);
  });

  it('are not cached with PUBLIC_CACHE=off', async () => {
    const off = await createTestApp({ PUBLIC_CACHE: 'off' });
    try {
      await get(off.app, '/api/v1/vue-apps/');
      const again = await get(off.app, '/api/v1/vue-apps/');
      expect(again.headers['x-cache']).toBeUndefined();
      expect(again.headers.etag).toBeDefined();
      const person = await socialUser(off);
      await get(off.app, '/api/social-posts/', person.headers);
      expect((await get(off.app, '/api/social-posts/', person.headers)).headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
