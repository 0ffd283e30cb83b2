import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, pathOf, picture, post, socialUser, type SocialUser } from './support/social.js';

/**
 * A page of posts is a fixed number of SQL statements, whatever the page and however many posts
 * exist: no statement per post (N+1), no scan that grows with the page number.
 */
let t: TestApp;
let statements = 0;
let author: SocialUser;
let friend: SocialUser;

beforeAll(async () => {
  // What a page costs the database: the public cache (public-cache.api.test.ts) would answer repeats.
  // The counts include the session check: the session cache (session-cache.api.test.ts) is off.
  t = await createTestApp({ PUBLIC_CACHE: 'off', SESSION_CACHE_TTL: 'off' }, () => {}, { onQuery: () => void (statements += 1) });
  author = await socialUser(t, { first_name: 'Quinn', last_name: 'Counter' });
  friend = await socialUser(t);
  await befriend(t, author, friend);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

async function statementsFor(url: string, user?: SocialUser) {
  statements = 0;
  const response = await t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  expect(response.statusCode, url).toBe(200);
  return { statements, page: response.json() as FeedPage };
}

/** Adds posts straight in the database (as many as a busy network has), half by each person, some private. */
async function bulkPosts(count: number) {
  const db = t.database.db;
  await db.execute(sql`
    insert into social_posts (id, created_by_id, body, is_private, created_at)
    select gen_random_uuid(), case when g % 2 = 0 then ${author.profile.id}::int else ${friend.profile.id}::int end,
           'Bulk post ' || g || ' #bulk', g % 7 = 0, now() - make_interval(secs => 60 + g)
    from generate_series(1, ${count}) g`);
  await db.execute(sql`insert into social_hashtags (tag) values ('bulk') on conflict (tag) do nothing`);
  await db.execute(sql`
    insert into social_post_hashtags (post_id, hashtag_id, created_at, listed)
    select p.id, h.id, p.created_at, not p.is_private from social_posts p, social_hashtags h
    where h.tag = 'bulk' and p.body like 'Bulk post %'
    on conflict do nothing`);
  await db.execute(sql`
    update social_hashtags set public_posts_count =
      (select count(*) from social_post_hashtags where hashtag_id = social_hashtags.id and listed)`);
  await db.execute(sql`
    update social_profiles set
      posts_count = (select count(*) from social_posts where created_by_id = social_profiles.id),
      visible_posts_count = (select count(*) from social_posts where created_by_id = social_profiles.id and not is_hidden),
      public_posts_count = (select count(*) from social_posts where created_by_id = social_profiles.id and not is_hidden and not is_private)`);
}

const LISTS = [
  ['the feed of a logged-in person', '/api/social-posts/', 'author'],
  ['the public feed', '/api/social-posts/', 'anonymous'],
  ['a profile page', 'profile', 'friend'],
  ['a trend page', '/api/social-posts/?trend=bulk', 'anonymous'],
] as const;

async function measure() {
  const result: Record<string, { first: number; deep: number }> = {};
  for (const [name, path, who] of LISTS) {
    const user = who === 'author' ? author : who === 'friend' ? friend : undefined;
    const url = path === 'profile' ? `/api/social-posts/profile/${author.profile.slug}/` : path;
    const first = await statementsFor(url, user);
    expect(first.page.results.posts.length, name).toBe(10);
    // The pictures come with the page: every other post of the author has one.
    if (path === 'profile') {
      const pictures = first.page.results.posts.map((post) => post.attachments.length);
      expect(pictures.filter((count) => count === 1).length, name).toBeGreaterThan(0);
      expect(
        pictures.every((count) => count <= 1),
        name,
      ).toBe(true);
    }
    // A deep page, reached the way the client reaches it: through a `next` link.
    const second = await statementsFor(pathOf(first.page.next!), user);
    result[name] = { first: first.statements, deep: second.statements };
  }
  return result;
}

describe('the cost of a page', () => {
  it('is the same number of statements for a few dozen posts and for 10,000', async () => {
    for (let n = 0; n < 12; n += 1)
      await post(t, author, `Small network post ${n} #bulk`, { images: n % 2 ? [await picture()] : [] });
    for (let n = 0; n < 12; n += 1) await post(t, friend, `Friend post ${n} #bulk`, { isPrivate: n % 3 === 0 });
    const small = await measure();
    // Authentication with the caller's profile (one statement), then the page with its authors and
    // pictures and the count (from counters) in one statement (issue 12: a feed page in at most 3
    // including the session check); a profile page reads the profile with the friendship state
    // (friends? requests?) and the page in one statement: 2 with the session check.
    expect(small).toEqual({
      'the feed of a logged-in person': { first: 2, deep: 2 },
      'the public feed': { first: 1, deep: 1 },
      'a profile page': { first: 2, deep: 2 },
      'a trend page': { first: 2, deep: 2 },
    });

    await bulkPosts(10_000 - 24);
    const large = await measure();
    expect(large).toEqual(small);

    // The count read with the page is the feed's: the author's posts and their friend's visible ones; anonymous, the public ones.
    const [counts] = (
      (await t.database.db.execute(sql`
        select count(*) filter (where created_by_id = ${author.profile.id}::int or not is_hidden)::int as own,
               count(*) filter (where not is_hidden and not is_private)::int as everyone
        from social_posts`)) as unknown as { rows: { own: number; everyone: number }[] }
    ).rows;
    expect((await statementsFor('/api/social-posts/', author)).page.count).toBe(counts!.own);
    expect((await statementsFor('/api/social-posts/')).page.count).toBe(counts!.everyone);

    // Page 500 of 10,000, through its `next` link, costs what page 2 does.
    const deep = await statementsFor(pathOf((await statementsFor('/api/social-posts/?page=499', author)).page.next!), author);
    expect(deep.page.results.posts).toHaveLength(10);
    expect(deep.statements).toBe(small['the feed of a logged-in person']!.deep);
  });
});
