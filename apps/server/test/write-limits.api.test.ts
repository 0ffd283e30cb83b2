import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS_OFF_WARNING } from '../src/core/write-limits.js';
import { member, pay, placeOrder } from './support/backoffice.js';
import { conversationOf, sendMessage } from './support/chat.js';
import { createPost, post, socialUser, type SocialUser } from './support/social.js';
import { createProduct } from './support/taberna.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';
import { installWriteCounter } from './support/write-counter.js';

// Finding 13.7: per-account write limits, 429 with Retry-After in each endpoint's error shape.
// On the memory counter store, and on Redis when TEST_REDIS_URL is set.

const TWO_PER_MINUTE = Object.fromEntries(
  ['POSTS', 'COMMENTS', 'LIKES', 'REPORTS', 'FRIEND_REQUESTS', 'CHAT_MESSAGES', 'REVIEWS'].map((name) => [
    `WRITE_LIMIT_${name}`,
    '2/1m',
  ]),
);

let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;
let postId: string;
let counter: Awaited<ReturnType<typeof installWriteCounter>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', ...TWO_PER_MINUTE });
  counter = await installWriteCounter(t.database.db, t.dataDir);
  [ana, ben] = [await socialUser(t), await socialUser(t)];
  postId = (await post(t, ana, 'A post to write on')).id;
}, 400_000);
afterAll(() => t.close());

const call = (url: string, user: SocialUser, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

/** The third write within the window is refused, and writes nothing; the first two are not. */
async function expectThirdRefused(write: () => Promise<LightMyRequestResponse>, body: Record<string, string>) {
  const first = await write();
  const second = await write();
  expect([first.statusCode, second.statusCode]).not.toContain(429);
  expect(first.statusCode).toBeLessThan(300);
  const before = await counter.snapshot();
  const third = await write();
  expect(third.statusCode).toBe(429);
  expect(await counter.tablesWrittenAfter(before.rows), 'a refused write writes nothing').toEqual([]);
  expect((await counter.snapshot()).files).toBe(before.files);
  expect(json(third)).toEqual(body);
  const wait = Number(third.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(60);
}

describe('per-account write limits', { timeout: 300_000 }, () => {
  it('posts: {"error"} like the endpoint, and nothing is written', async () => {
    await expectThirdRefused(() => createPost(t, ben, `Post at ${Date.now()}`), {
      error: expect.stringMatching(/^Too many posts\. Try again in (\d+ seconds?|1 minute)\.$/) as unknown as string,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/social-posts/profile/${ben.profile.slug}/`,
      headers: ben.headers,
    });
    expect(json(mine).count).toBe(2);
  });

  it('comments count per account: one person at the limit does not stop another', async () => {
    const comment = () => call(`/api/social-posts/${postId}/comment/`, ben, { body: 'Nice' });
    await expectThirdRefused(comment, {
      error: expect.stringMatching(/^Too many comments\./) as unknown as string,
    });
    expect((await call(`/api/social-posts/${postId}/comment/`, ana, { body: 'Thanks' })).statusCode).toBe(200);
  });

  it('likes', async () => {
    await expectThirdRefused(() => call(`/api/social-posts/${postId}/like/`, ben), {
      error: expect.stringMatching(/^Too many likes\./) as unknown as string,
    });
  });

  it('reports: {"detail"}', async () => {
    await expectThirdRefused(() => call(`/api/social-posts/${postId}/report/`, ben), {
      detail: expect.stringMatching(/^Too many reports\./) as unknown as string,
    });
  });

  it('friend requests', async () => {
    await expectThirdRefused(() => call(`/api/social-profiles/friends/${ana.profile.slug}/request/`, ben), {
      detail: expect.stringMatching(/^Too many friend requests\./) as unknown as string,
    });
  });

  it('chat messages', async () => {
    const { id } = await conversationOf(t.app, ben, ana);
    await expectThirdRefused(() => sendMessage(t.app, ben, id, { body: 'Hello' }), {
      detail: expect.stringMatching(/^Too many messages\./) as unknown as string,
    });
  });

  it('product reviews, of a product the reviewer bought', async () => {
    const buyer = await member(t);
    const product = await createProduct(t.database.db);
    await pay(t, await placeOrder(t, buyer, product.id));
    let n = 0;
    const review = () =>
      call(`/taberna-store/api/v1/reviews/${product.id}/`, buyer, { subject: `Review ${++n}`, review: 'y', rating: 4 });
    await expectThirdRefused(review, {
      detail: expect.stringMatching(/^Too many reviews\./) as unknown as string,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/taberna-store/api/v1/products/${product.categorySlug}/${product.slug}/`,
    });
    expect((page.json() as { reviews: { subject: string }[] }).reviews.map((r) => r.subject)).toEqual(['Review 2']);
  });

  it('anonymous callers still hear 401 first', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/social-posts/${postId}/comment/`, payload: { body: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('RATE_LIMITS=off', { timeout: 300_000 }, () => {
  it('turns the write limits off and says so in the log at start', async () => {
    const logLines: string[] = [];
    const off = await createTestApp({ RATE_LIMITS: 'off', WRITE_LIMIT_COMMENTS: '1/1m' }, () => {}, { logLines });
    try {
      expect(logLines.filter((line) => line.includes(RATE_LIMITS_OFF_WARNING))).toHaveLength(1);
      const user = await socialUser(off);
      const id = (await post(off, user, 'Talkative')).id;
      for (let i = 0; i < 4; i += 1) {
        const answer = await off.app.inject({
          method: 'POST',
          url: `/api/social-posts/${id}/comment/`,
          headers: user.headers,
          payload: { body: `Comment ${i}` },
        });
        expect(answer.statusCode).toBe(200);
      }
    } finally {
      await off.close();
    }
  });
});
