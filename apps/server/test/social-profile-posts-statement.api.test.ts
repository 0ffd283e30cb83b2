import { Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfilePostsPage } from '@portal/contracts';
import { selectProfileWithPage } from '../src/social/profile-posts.repository.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, pathOf, picture, post, socialUser, type SocialUser } from './support/social.js';

/**
 * A profile's page of posts (contract §5.4) is the session check and one statement: the profile,
 * the reader's relation to it and the page together (issue 12). `page=last` needs the count first
 * and keeps two statements after the session check; for a profile whose posts fit on one page it
 * answers exactly what page 1 does, so comparing the two pins the one-statement path to the answer
 * of the two-statement one, for every kind of reader.
 */
let t: TestApp;
let statements = 0;
let author: SocialUser;
let friend: SocialUser;
let stranger: SocialUser;
let requester: SocialUser;
let quiet: SocialUser;
const ids: Record<'public' | 'private' | 'hidden' | 'picture', string> = { public: '', private: '', hidden: '', picture: '' };

beforeAll(async () => {
  // The counts include the session check: the session cache (session-cache.api.test.ts) is off.
  t = await createTestApp({ PUBLIC_CACHE: 'off', SESSION_CACHE_TTL: 'off' }, () => {}, { onQuery: () => void (statements += 1) });
  author = await socialUser(t, { first_name: 'Stella', last_name: 'Mentcount' });
  friend = await socialUser(t);
  stranger = await socialUser(t);
  requester = await socialUser(t);
  quiet = await socialUser(t);
  await befriend(t, author, friend);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/social-profiles/friends/${author.profile.slug}/request/`,
    headers: requester.headers,
  });
  expect(sent.statusCode).toBe(200);
  ids.public = (await post(t, author, 'A public post')).id;
  ids.private = (await post(t, author, 'A private post', { isPrivate: true })).id;
  ids.hidden = (await post(t, author, 'A post hidden by reports')).id;
  ids.picture = (await post(t, author, 'A post with a picture', { images: [await picture()] })).id;
  // Hidden by moderation, as reports hide a post: the author still sees it, nobody else does.
  await t.database.db.execute(sql`update social_posts set is_hidden = true where id = ${ids.hidden}::uuid`);
  await t.database.db.execute(sql`
    update social_profiles set visible_posts_count = visible_posts_count - 1, public_posts_count = public_posts_count - 1
    where id = ${author.profile.id}::int`);
  const liked = await t.app.inject({ method: 'POST', url: `/api/social-posts/${ids.picture}/like/`, headers: friend.headers });
  expect(liked.statusCode).toBe(200);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

async function read(url: string, user?: SocialUser) {
  statements = 0;
  const response = await t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
  return { status: response.statusCode, body: response.body, statements };
}

type Reader = 'author' | 'friend' | 'stranger' | 'requester' | 'anonymous';
const READERS: [Reader, string[], number][] = [
  ['author', ['picture', 'hidden', 'private', 'public'], 2],
  ['friend', ['picture', 'private', 'public'], 2],
  ['stranger', ['picture', 'public'], 2],
  ['requester', ['picture', 'public'], 2],
  // Anonymous readers have no session to check.
  ['anonymous', ['picture', 'public'], 1],
];
const as = (reader: Reader) => ({ author, friend, stranger, requester, anonymous: undefined })[reader];

describe("a profile's posts", () => {
  it.each(READERS)(
    'as %s: one statement after the session check, the same answer as the two-statement path',
    async (reader, seen, cost) => {
      const url = `/api/social-posts/profile/${author.profile.slug}/`;
      const first = await read(url, as(reader));
      expect(first.status).toBe(200);
      expect(first.statements).toBe(cost);
      const page = JSON.parse(first.body) as ProfilePostsPage;
      expect(page.results.posts.map((item) => item.id)).toEqual(seen.map((name) => ids[name as keyof typeof ids]));
      expect(page.count).toBe(seen.length);
      expect(page.results.profile.slug).toBe(author.profile.slug);
      const withPicture = page.results.posts[0]!;
      expect(withPicture.attachments).toHaveLength(1);
      expect(withPicture.liked).toBe(reader === 'friend');
      expect(page.results.can_send_friendship_request).toBe(reader === 'author' || reader === 'stranger');

      // `page=last` reads the profile, then the page: one statement more, byte for byte the same answer.
      const last = await read(`${url}?page=last`, as(reader));
      expect(last.statements).toBe(cost + 1);
      expect(last.body).toBe(first.body);
    },
  );

  it('is one statement after the session check on every page, through `next` and by number', async () => {
    for (let n = 0; n < 3; n += 1) await post(t, quiet, `Quiet post ${n}`);
    const url = `/api/social-posts/profile/${quiet.profile.slug}/?page_size=2`;
    const first = await read(url, stranger);
    expect(first.statements).toBe(2);
    const next = (JSON.parse(first.body) as ProfilePostsPage).next!;
    const second = await read(pathOf(next), stranger);
    expect(second.statements).toBe(2);
    expect((JSON.parse(second.body) as ProfilePostsPage).results.posts.map((item) => item.body)).toEqual(['Quiet post 0']);
    const numbered = await read(`${url}&page=2`, stranger);
    expect(numbered.statements).toBe(2);
    expect(JSON.parse(numbered.body).results.posts).toEqual(JSON.parse(second.body).results.posts);
  });

  it('answers a profile without posts from the same statement, and 404 for an unknown one or a page past the end', async () => {
    const empty = await socialUser(t);
    const none = await read(`/api/social-posts/profile/${empty.profile.slug}/`, stranger);
    expect(none.status).toBe(200);
    expect(none.statements).toBe(2);
    const page = JSON.parse(none.body) as ProfilePostsPage;
    expect(page).toMatchObject({ count: 0, next: null, previous: null });
    expect(page.results.posts).toEqual([]);
    expect(page.results.profile.slug).toBe(empty.profile.slug);

    const unknown = await read('/api/social-posts/profile/nobody-at-all/', stranger);
    expect(unknown.status).toBe(404);
    expect(unknown.statements).toBe(2);
    const past = await read(`/api/social-posts/profile/${empty.profile.slug}/?page=2`, stranger);
    expect(past.status).toBe(404);
    expect(JSON.parse(past.body)).toEqual({ detail: 'Invalid page.' });
  });
});

/** Every node of a plan of `EXPLAIN (FORMAT JSON)`, the plan itself first. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe("a profile's statement, as PostgreSQL runs it", () => {
  it("reads the reader's relation to the profile once, not once for every post of the page", async () => {
    const query = selectProfileWithPage(t.database.db, true, false).toSQL();
    const values: Record<string, string | number> = {
      slug: author.profile.slug,
      viewer: friend.profile.id,
      limit: 10,
      offset: 0,
    };
    const literal = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);
    // The statement's placeholders by name; the values Drizzle bound itself (the derived table's `limit 1`) as they are.
    const params = query.params.map((param) =>
      literal(param instanceof Placeholder ? values[param.name]! : (param as string | number)),
    );
    const text = query.sql.replace(/\$(\d+)\b/g, (_, n: string) => params[Number(n) - 1]!);
    const result = (await t.database.db.execute(sql.raw(`explain (analyze, format json) ${text}`))) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
    };
    const [explained] = result.rows[0]!['QUERY PLAN'];
    const nodes = nodesOf(explained.Plan);
    // The friend sees three posts: the page is three rows, and the relation is still read once.
    const postScans = nodes.filter((node) => node['Relation Name'] === 'social_post_attachments');
    expect(postScans.map((node) => node['Actual Loops'])).toEqual([3]);
    const relation = nodes.filter((node) =>
      ['social_friendships', 'social_friendship_requests'].includes(node['Relation Name'] ?? ''),
    );
    expect(relation.length).toBeGreaterThanOrEqual(2);
    for (const node of relation) expect(node['Actual Loops']).toBeLessThanOrEqual(1);
  });
});
