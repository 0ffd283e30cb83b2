import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalSearchResults } from '@portal/contracts';
import { bearer } from './support/accounts.js';
import { SETUP_TIMEOUT_MS, befriend, post, socialUser, type SocialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let author: SocialUser;
let friend: SocialUser;
let stranger: SocialUser;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  author = await socialUser(t, { first_name: 'Zephyrine', last_name: 'Quillfeather', username: 'zeph_q' });
  friend = await socialUser(t);
  stranger = await socialUser(t);
  await befriend(t, author, friend);
  await post(t, author, 'Marmalade telescope night, public for everyone');
  await post(t, author, 'Marmalade telescope secrets, friends only', { isPrivate: true });
  for (let n = 0; n < 6; n += 1) await post(t, stranger, `Lighthouse keeper diary, entry ${n}`);
}, 2 * SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const find = async (q: string, user?: SocialUser) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search/?q=${encodeURIComponent(q)}`,
    headers: user?.headers ?? {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PortalSearchResults;
};

describe('portal-wide search', () => {
  it('finds apps and products, forgiving typos and swapped letters, with links into the apps', async () => {
    const shop = await find('tabrena');
    expect(shop.apps.map((app) => app.title)).toContain('Taberna E-com');
    expect(shop.apps[0]).toMatchObject({ url: '/taberna' });
    const products = (await find('Oragnic')).products;
    expect(products[0]).toMatchObject({
      name: 'Organic Cotton T-Shirt',
      price: '19.99',
      category: 'Clothing',
      url: '/taberna-store/category/clothing/organic-cotton-t-shirt/',
    });
    expect((await find('jaket')).products.map((p) => p.name)).toContain('Denim Jacket');
    expect((await find('socail')).apps.map((app) => app.title)).toContain('Social Network');
  });

  it('finds people without ever showing an email', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/?q=Quillfeather', headers: stranger.headers });
    const people = (response.json() as PortalSearchResults).people;
    expect(people).toEqual([
      expect.objectContaining({
        full_name: 'Zephyrine Quillfeather',
        username: 'zeph_q',
        url: `/social/profile/${author.profile.slug}`,
      }),
    ]);
    expect(Object.keys(people[0]!)).not.toContain('email');
    expect(response.body).not.toContain(author.person.email);
  });

  it('shows private posts only to their author and the author’s friends', async () => {
    const seen = async (user?: SocialUser) => (await find('marmalade', user)).posts.map((p) => [p.excerpt, p.is_private]);
    const publicPost = ['Marmalade telescope night, public for everyone', false];
    const privatePost = ['Marmalade telescope secrets, friends only', true];
    expect(await seen(author)).toEqual(expect.arrayContaining([publicPost, privatePost]));
    expect(await seen(friend)).toEqual(expect.arrayContaining([publicPost, privatePost]));
    expect(await seen(stranger)).toEqual([publicPost]);
    expect(await seen()).toEqual([publicPost]);
    const [found] = (await find('marmalade night')).posts;
    expect(found).toMatchObject({ author: 'Zephyrine Quillfeather', url: expect.stringMatching(/^\/social\/[0-9a-f-]{36}$/) });
  });

  it("keeps issue 24's typos found at demo size: a product, a person and posts", async () => {
    expect((await find('Oragnic')).products.map((p) => p.name)).toContain('Organic Cotton T-Shirt');
    expect((await find('alise marten')).people.map((p) => p.full_name)).toContain('Alice Martin');
    expect((await find('mountian')).posts.map((p) => p.excerpt).join(' ')).toMatch(/mountain/i);
    const posts = await t.app.inject({ method: 'POST', url: '/api/social-posts/search/', payload: { query: 'mountian' } });
    expect((posts.json() as { count: number }).count).toBeGreaterThan(0);
  });

  it('caps every group', async () => {
    expect((await find('lighthouse')).posts).toHaveLength(5);
    const broad = await find('a');
    for (const group of [broad.apps, broad.products, broad.people, broad.posts]) expect(group.length).toBeLessThanOrEqual(5);
  });

  it('answers a missing, blank or too long query with a field error, and a bad token with 401', async () => {
    for (const url of ['/api/search/', '/api/search/?q=', '/api/search/?q=%20%20', `/api/search/?q=${'x'.repeat(201)}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      const body = response.json() as Record<string, string[]>;
      expect(Object.keys(body), url).toEqual(['q']);
      expect(typeof body.q![0]).toBe('string');
    }
    const badToken = await t.app.inject({ method: 'GET', url: '/api/search/?q=shirt', headers: bearer('not-a-token') });
    expect(badToken.statusCode).toBe(401);
  });
});
