import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, ProfilePostsPage, SearchPage } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, getJson, post, socialUser, type SocialUser } from './support/social.js';

/** Private posts reach their author and the author's friends, and nobody else, on every list. */
let t: TestApp;
let author: SocialUser;
let friend: SocialUser;
let stranger: SocialUser;
let privateId: string;
let publicId: string;

beforeAll(async () => {
  t = await createTestApp();
  author = await socialUser(t, { first_name: 'Priya', last_name: 'Vance' });
  friend = await socialUser(t);
  stranger = await socialUser(t);
  await befriend(t, author, friend);
  privateId = (await post(t, author, 'Secret picnic plans #picnic with marmalade', { isPrivate: true })).id;
  publicId = (await post(t, author, 'Open picnic for everyone #picnic with marmalade')).id;
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

type Viewer = 'author' | 'friend' | 'stranger' | 'anonymous';
const as = (viewer: Viewer) => ({ author, friend, stranger, anonymous: undefined })[viewer];
const ids = (posts: { id: string }[]) => posts.map((item) => item.id);

describe('a private post', () => {
  it.each<[Viewer, boolean]>([
    ['author', true],
    ['friend', true],
    ['stranger', false],
    ['anonymous', false],
  ])('on its page, in the feed, on the profile and in search: %s sees it = %s', async (viewer, sees) => {
    const user = as(viewer);
    const page = await getJson(t, `/api/social-posts/${privateId}/`, user);
    expect(page.status).toBe(sees ? 200 : 404);

    const feed = await getJson<FeedPage>(t, '/api/social-posts/?page_size=100', user);
    expect(ids(feed.body.results.posts).includes(privateId)).toBe(sees);

    const profile = await getJson<ProfilePostsPage>(t, `/api/social-posts/profile/${author.profile.slug}/`, user);
    expect(ids(profile.body.results.posts)).toEqual(sees ? [publicId, privateId] : [publicId]);
    expect(profile.body.count).toBe(sees ? 2 : 1);

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/social-posts/search/',
      headers: user?.headers ?? {},
      payload: { query: 'marmalade' },
    });
    const found = search.json() as SearchPage;
    expect(ids(found.results.posts).includes(privateId)).toBe(sees);
    expect(ids(found.results.posts)).toContain(publicId);
    const nextPage = await getJson<SearchPage>(t, '/api/social-posts/search/?query=secret', user);
    expect(ids(nextPage.body.results.posts)).toEqual(sees ? [privateId] : []);
  });

  it('never shows on trend pages, where only public posts are listed', async () => {
    for (const viewer of ['author', 'friend', 'stranger', 'anonymous'] as Viewer[]) {
      const trend = await getJson<FeedPage>(t, '/api/social-posts/?trend=picnic', as(viewer));
      expect(ids(trend.body.results.posts)).toEqual([publicId]);
      expect(trend.body.count).toBe(1);
    }
    await t.app.scheduler.runNow('social-trends');
    const trends = await getJson<{ hashtag: string; occurences: number }[]>(t, '/api/social-posts/trends/');
    expect(trends.body).toEqual([{ id: expect.any(Number), hashtag: 'picnic', occurences: 1 }]);
  });

  it('cannot be liked, commented on or reported by those who cannot see it', async () => {
    for (const viewer of [stranger]) {
      for (const action of ['like', 'report']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/social-posts/${privateId}/${action}/`,
          headers: viewer.headers,
        });
        expect(response.statusCode, action).toBe(404);
      }
      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/social-posts/${privateId}/comment/`,
        headers: viewer.headers,
        payload: { body: 'Let me in' },
      });
      expect(comment.statusCode).toBe(404);
    }
    const liked = await t.app.inject({ method: 'POST', url: `/api/social-posts/${privateId}/like/`, headers: friend.headers });
    expect(liked.json()).toEqual({ message: 'like created' });
  });

  it("keeps strangers' public posts out of a logged-in feed (contract §5.1) but not out of the public one", async () => {
    const outsider = await socialUser(t);
    const { id } = await post(t, outsider, 'An outsider speaks');
    expect(ids((await getJson<FeedPage>(t, '/api/social-posts/?page_size=100', author)).body.results.posts)).not.toContain(id);
    expect(ids((await getJson<FeedPage>(t, '/api/social-posts/?page_size=100')).body.results.posts)).toContain(id);
  });
});
