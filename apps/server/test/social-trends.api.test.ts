import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, Trend } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, getJson, post, socialUser, type SocialUser } from './support/social.js';

let t: TestApp;
let user: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await socialUser(t);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const trends = async () => (await getJson<Trend[]>(t, '/api/social-posts/trends/')).body;
const trend = (tag: string) => getJson<FeedPage>(t, `/api/social-posts/?trend=${encodeURIComponent(tag)}`);
const refresh = () => t.app.scheduler.runNow('social-trends');

describe('hashtags', () => {
  it('are read from the text when a post is written: Unicode, case-folded, never inside URLs, never # alone', async () => {
    const { id } = await post(
      t,
      user,
      'See https://example.com/page#notatag and www.site.org/#nope, # alone, C# and #Real #CAFÉ #東京',
    );
    for (const tag of ['real', 'REAL', '#real', 'café', 'Café', '東京']) {
      const found = await trend(tag);
      expect(found.status, tag).toBe(200);
      expect(
        found.body.results.posts.map((item) => item.id),
        tag,
      ).toEqual([id]);
      expect(found.body.count, tag).toBe(1);
    }
    for (const tag of ['notatag', 'nope', 'c', 'alone', '#', 'rea']) {
      expect((await trend(tag)).body, tag).toMatchObject({ count: 0, results: { posts: [] } });
    }
    const next = await getJson<FeedPage>(t, '/api/social-posts/?trend=Real&page_size=1');
    expect(next.body.next).toBeNull();
  });
});

describe('the trends list', () => {
  it('is computed on first demand, then by the job: the top 10 of the last 24 hours with their counts', async () => {
    const author = await socialUser(t);
    // Tags used 12, 11, ... 1 times; the two least used fall out of the top 10.
    for (let n = 1; n <= 12; n += 1) {
      const tags = Array.from({ length: 13 - n }, (_, k) => `#top${k + 1}`).join(' ');
      await post(t, author, `Round ${n}: ${tags}`);
    }
    await post(t, author, 'Private tags do not trend #secretive', { isPrivate: true });
    await refresh();
    const list = await trends();
    expect(list.map((item) => item.hashtag)).toEqual(Array.from({ length: 10 }, (_, k) => `top${k + 1}`));
    expect(list.map((item) => item.occurences)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    for (const item of list) expect(Number.isInteger(item.id)).toBe(true);
    // `real`, `café` and `東京` from the first test are used once: not in the top 10 here.
    expect(list.some((item) => item.hashtag === 'secretive')).toBe(false);
  });

  it('follows deletions and falls back to recent tags when the last day was quiet', async () => {
    const author = await socialUser(t);
    const { id } = await post(t, author, 'Many #top10 ideas');
    await refresh();
    expect((await trends()).find((item) => item.hashtag === 'top10')?.occurences).toBe(4);
    await t.app.inject({ method: 'DELETE', url: `/api/social-posts/${id}/delete/`, headers: author.headers });
    await refresh();
    expect((await trends()).find((item) => item.hashtag === 'top10')?.occurences).toBe(3);

    // Two days later nothing is recent: the tags of the latest posts stand in, with their public counts.
    await t.database.db.execute(sql`update social_post_hashtags set created_at = created_at - interval '2 days'`);
    await t.database.db.execute(sql`update social_posts set created_at = created_at - interval '2 days'`);
    await refresh();
    const quiet = await trends();
    expect(quiet.length).toBe(10);
    expect(quiet[0]).toMatchObject({ hashtag: 'top1', occurences: 12 });
  });

  it('is recomputed on demand when it is stale', async () => {
    await t.database.db.execute(
      sql`update portal_meta set value = '2000-01-01T00:00:00.000Z' where key = 'social:trends-computed-at'`,
    );
    const author = await socialUser(t);
    for (let n = 0; n < 20; n += 1) await post(t, author, `Fresh news #breaking${n < 15 ? '' : n}`);
    expect((await trends())[0]).toMatchObject({ hashtag: 'breaking', occurences: 15 });
  });

  it('is public', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/social-posts/trends/' });
    expect(response.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/social-posts/trends/',
      headers: { authorization: 'Bearer stale' },
    });
    expect(bad.statusCode).toBe(401);
  });
});
