import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationDetail, FeedPage, FriendsAnswer, Notification, Profile, Trend } from '@portal/contracts';
import { bearer } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, getJson } from './support/social.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

async function login(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/token/',
    payload: { email, password: 'portal-demo-2026' },
  });
  expect(response.statusCode, email).toBe(200);
  return { headers: bearer((response.json() as { access: string }).access) };
}

const scalar = async (query: string) => {
  const result = (await t.database.db.execute(sql.raw(query))) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};

describe('the demo social network', () => {
  it('has at least 8 people with avatars, friendships, pending requests, 60+ posts with pictures, comments and likes', async () => {
    expect(await scalar('select count(*) as n from social_profiles where avatar is not null')).toBeGreaterThanOrEqual(8);
    expect(await scalar('select count(*) as n from social_friendships')).toBeGreaterThanOrEqual(20);
    expect(await scalar(`select count(*) as n from social_friendship_requests where status = 'sent'`)).toBeGreaterThanOrEqual(2);
    expect(await scalar('select count(*) as n from social_posts')).toBeGreaterThanOrEqual(60);
    expect(await scalar('select count(distinct post_id) as n from social_post_attachments')).toBeGreaterThanOrEqual(20);
    expect(await scalar('select count(*) as n from social_post_comments')).toBeGreaterThanOrEqual(30);
    expect(await scalar('select count(*) as n from social_post_likes')).toBeGreaterThanOrEqual(100);
    const avatar = (await getJson<FeedPage>(t, '/api/social-posts/')).body.results.posts[0]!.created_by.avatar_url!;
    const served = await t.app.inject({ method: 'GET', url: new URL(avatar).pathname });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('is lively for a visitor: a full public feed with pictures, and trends', async () => {
    const feed = (await getJson<FeedPage>(t, '/api/social-posts/')).body;
    expect(feed.count).toBeGreaterThan(55);
    expect(feed.results.posts.some((item) => item.attachments.length > 0)).toBe(true);
    const trends = (await getJson<Trend[]>(t, '/api/social-posts/trends/')).body;
    expect(trends.length).toBe(10);
    expect(trends[0]!.occurences).toBeGreaterThan(1);
  });

  it('lets every demo person log in with the demo password; Alice has friends, requests, suggestions and news', async () => {
    for (const name of ['bruno', 'chloe', 'daniel', 'emeka', 'farah', 'greta', 'hiro', 'ines', 'jonas'])
      await login(`${name}@example.com`);
    const alice = await login('alice@example.com');
    const me = (await getJson<Profile>(t, '/api/social-profiles/me/', alice)).body;
    expect(me.friends_count).toBe(3);
    expect(me.avatar_url).toMatch(/\/static\/media\/social\/avatars\//);
    const friends = (await getJson<FriendsAnswer>(t, `/api/social-profiles/friends/${me.slug}/`, alice)).body;
    expect(friends.requests.map((request) => request.created_by.first_name)).toEqual(['Greta']);
    const suggested = (await getJson<Profile[]>(t, '/api/social-profiles/friends/suggested/', alice)).body;
    expect(suggested.length).toBeGreaterThanOrEqual(3);
    const feed = (await getJson<FeedPage>(t, '/api/social-posts/', alice)).body;
    expect(new Set(feed.results.posts.map((item) => item.created_by.first_name)).size).toBeGreaterThan(1);
    const news = (await getJson<Notification[]>(t, '/api/social-notifications/', alice)).body;
    expect(news.length).toBeGreaterThan(0);
  });

  it('has conversations, most recent first, messages oldest first, and an unread message for Alice', async () => {
    const alice = await login('alice@example.com');
    const list = (await getJson<Conversation[]>(t, '/api/social-chat/', alice)).body;
    expect(list.length).toBe(3);
    expect(
      list.map((item) =>
        item.users
          .map((user) => user.first_name)
          .sort()
          .join('+'),
      ),
    ).toEqual(['Alice+Daniel', 'Alice+Bruno', 'Alice+Chloé']);
    expect(list[1]!.last_message?.body).toBe('See you there!');
    const detail = (await getJson<ConversationDetail>(t, `/api/social-chat/${list[1]!.id}/`, alice)).body;
    expect(detail.messages).toHaveLength(6);
    expect(detail.messages[0]!.created_by.first_name).toBe('Bruno');
    const news = (await getJson<Notification[]>(t, '/api/social-notifications/', alice)).body;
    expect(news.some((item) => item.type_of_notification === 'chat_message')).toBe(true);
  });
});

describe('the demo back office (issue 15)', () => {
  it('has staff@example.com, an owner, who logs in with the demo password and opens the back office', async () => {
    const staff = await login('staff@example.com');
    expect((await getJson(t, '/api/v1/account/', staff)).body).toMatchObject({ email: 'staff@example.com', role: 'owner' });
    const overview = await t.app.inject({ method: 'GET', url: '/api/backoffice/overview/', headers: staff.headers });
    expect(overview.statusCode).toBe(200);
    const alice = await login('alice@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/backoffice/overview/', headers: alice.headers })).statusCode).toBe(
      403,
    );
  });
});
