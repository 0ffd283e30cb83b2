import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, PostDetail, Profile } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import {
  SETUP_TIMEOUT_MS,
  createPost,
  getJson,
  multipart,
  pathOf,
  picture,
  post,
  socialUser,
  type SocialUser,
} from './support/social.js';

let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Lopes' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Okafor' });
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const me = async (user: SocialUser) => (await getJson<Profile>(t, '/api/social-profiles/me/', user)).body;
const detail = (id: string, user?: SocialUser) => getJson<{ post: PostDetail }>(t, `/api/social-posts/${id}/`, user);

describe('creating a post', () => {
  it('answers the new post, unwrapped, and counts it for the author', async () => {
    const before = (await me(ana)).posts_count;
    const response = await createPost(t, ana, '  Hello #World  ', { images: [await picture('png')] });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      body: 'Hello #World',
      is_private: false,
      likes_count: 0,
      comments_count: 0,
      created_at_formatted: '0\u00a0minutes',
      created_by: { id: ana.profile.id, first_name: 'Ana', posts_count: before + 1 },
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.attachments).toHaveLength(1);
    expect(created.attachments[0].image_url).toMatch(
      /^http:\/\/portal\.test\/static\/media\/social\/posts\/[0-9a-f-]{36}\.webp$/,
    );
    expect((await me(ana)).posts_count).toBe(before + 1);
  });

  it('takes pictures alone (body null), and JSON bodies without pictures', async () => {
    const pictureOnly = await createPost(t, ana, '', { images: [await picture('jpeg')] });
    expect(pictureOnly.statusCode).toBe(200);
    expect(pictureOnly.json().body).toBeNull();
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/social-posts/create/',
      headers: ana.headers,
      payload: { body: 'Sent as JSON', is_private: true },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ body: 'Sent as JSON', is_private: true, attachments: [] });
  });

  it('refuses bad input with the contract shapes and changes nothing', async () => {
    const before = await me(ana);
    const cases: [string, Record<string, string>, string][] = [
      ['two characters', { body: 'ab' }, 'Form is not valid'],
      ['spaces around two characters', { body: '  a  b  ' }, 'Form is not valid'],
      ['nothing at all', { body: '   ' }, 'Write something or add a picture.'],
      ['an overlong body', { body: 'x'.repeat(5001) }, 'A post has at most 5000 characters.'],
      ['a strange privacy value', { body: 'Valid body', is_private: 'maybe' }, 'is_private must be true or false.'],
    ];
    for (const [name, fields, error] of cases) {
      const form = await multipart(fields);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/social-posts/create/',
        headers: { ...ana.headers, ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({ error });
    }
    expect((await me(ana)).posts_count).toBe(before.posts_count);
  });

  it('answers anonymous callers {"error": "Authentication required"} and a bad token with 401', async () => {
    const anonymous = await createPost(t, undefined, 'Hello there');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    const badToken = await createPost(t, { headers: { authorization: 'Bearer nope' } }, 'Hello there');
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toMatchObject({ code: 'token_not_valid' });
  });
});

describe('a post page', () => {
  it('is wrapped in `post`, has no is_private, and lists comments oldest first', async () => {
    const { id } = await post(t, ana, 'A post to talk about');
    for (const body of ['First!', 'Second thoughts']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/social-posts/${id}/comment/`,
        headers: ben.headers,
        payload: { body },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ body, created_by: { id: ben.profile.id }, created_at_formatted: '0\u00a0minutes' });
    }
    const { status, body } = await detail(id);
    expect(status).toBe(200);
    expect(body.post).not.toHaveProperty('is_private');
    expect(body.post.comments_count).toBe(2);
    expect(body.post.comments.map((comment) => comment.body)).toEqual(['First!', 'Second thoughts']);
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    for (const id of ['3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'not-a-uuid', '123']) {
      const { status, body } = await detail(id);
      expect(status, id).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('comments', () => {
  it('need a caller, a body, and a post the caller may see', async () => {
    const { id } = await post(t, ana, 'Comment rules');
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/comment/`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    for (const [payload, message] of [
      [{}, 'This field is required.'],
      [{ body: '   ' }, 'This field may not be blank.'],
      [{ body: 'x'.repeat(2001) }, 'Ensure this field has no more than 2000 characters.'],
      [{ body: 42 }, 'Not a valid string.'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/social-posts/${id}/comment/`,
        headers: ben.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ body: [message] });
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/social-posts/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b/comment/',
      headers: ben.headers,
      payload: { body: 'Hello' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await detail(id)).body.post.comments_count).toBe(0);
  });
});

describe('likes', () => {
  it('count once per person, with the contract messages', async () => {
    const { id } = await post(t, ana, 'Like me');
    const like = (user?: SocialUser) =>
      t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: user?.headers ?? {} });
    expect((await like(ben)).json()).toEqual({ message: 'like created' });
    expect((await like(ben)).json()).toEqual({ message: 'post already liked' });
    expect((await like(ana)).json()).toEqual({ message: 'like created' });
    const anonymous = await like();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    expect((await detail(id)).body.post.likes_count).toBe(2);
    expect((await t.app.inject({ method: 'POST', url: '/api/social-posts/nope/like/', headers: ben.headers })).statusCode).toBe(
      404,
    );
  });

  it("show as the caller's own (`liked`) in every list and on the post; false for others and anonymous callers", async () => {
    const { id } = await post(t, ana, 'Do you like it #likedflag');
    const created = await createPost(t, ben, 'Freshly made');
    expect(created.json()).toMatchObject({ liked: false });
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: ben.headers });
    const likedIn = async (url: string, user?: SocialUser) => {
      const { body } = await getJson<FeedPage>(t, url, user);
      return body.results.posts.find((item) => item.id === id)?.liked;
    };
    for (const url of [
      '/api/social-posts/?trend=likedflag',
      `/api/social-posts/profile/${ana.profile.slug}/`,
      '/api/social-posts/search/?query=likedflag',
    ]) {
      expect(await likedIn(url, ben), url).toBe(true);
      expect(await likedIn(url, ana), url).toBe(false);
      expect(await likedIn(url), url).toBe(false);
    }
    expect((await detail(id, ben)).body.post.liked).toBe(true);
    expect((await detail(id, ana)).body.post.liked).toBe(false);
    expect((await detail(id)).body.post.liked).toBe(false);
  });
});

describe('taking a like back (DELETE …/like/, not in the reference contract)', () => {
  const unlike = (id: string, user?: SocialUser) =>
    t.app.inject({ method: 'DELETE', url: `/api/social-posts/${id}/like/`, headers: user?.headers ?? {} });
  const like = (id: string, user: SocialUser) =>
    t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: user.headers });

  it('removes the like once; a second DELETE is "post not liked" and changes nothing; liking again counts again', async () => {
    const { id } = await post(t, ana, 'Toggle me');
    await like(id, ben);
    expect((await detail(id, ben)).body.post).toMatchObject({ likes_count: 1, liked: true });
    const removed = await unlike(id, ben);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'like removed' });
    expect((await detail(id, ben)).body.post).toMatchObject({ likes_count: 0, liked: false });
    const again = await unlike(id, ben);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'post not liked' });
    expect((await detail(id, ben)).body.post.likes_count).toBe(0);
    expect((await like(id, ben)).json()).toEqual({ message: 'like created' });
    expect((await detail(id, ben)).body.post).toMatchObject({ likes_count: 1, liked: true });
  });

  it("never touches someone else's like", async () => {
    const { id } = await post(t, ana, 'Liked by two');
    await like(id, ben);
    await like(id, ana);
    expect((await unlike(id, ana)).json()).toEqual({ message: 'like removed' });
    expect((await detail(id, ben)).body.post).toMatchObject({ likes_count: 1, liked: true });
  });

  it('answers 401 to anonymous callers and 404 for unknown, malformed or invisible posts, changing nothing', async () => {
    const { id } = await post(t, ana, 'Private toggle', { isPrivate: true });
    await like(id, ana);
    const anonymous = await unlike(id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
    for (const target of [id, '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'nope']) {
      const response = await unlike(target, ben);
      expect(response.statusCode, target).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await detail(id, ana)).body.post).toMatchObject({ likes_count: 1, liked: true });
  });
});

describe('deleting a post', () => {
  it('is for its author only; the pictures leave storage and the count drops', async () => {
    const created = await post(t, ana, 'Short-lived #ephemeral', { images: [await picture('jpeg'), await picture('gif')] });
    const files = created.attachments.flatMap((file) => [file.image_url, file.thumbnail_url]);
    const onDisk = files.map((url) => path.join(t.dataDir, 'media', new URL(url).pathname.replace('/static/media/', '')));
    for (const file of onDisk) await expect(fs.access(file)).resolves.toBeUndefined();
    const before = (await me(ana)).posts_count;

    const remove = (user?: SocialUser) =>
      t.app.inject({ method: 'DELETE', url: `/api/social-posts/${created.id}/delete/`, headers: user?.headers ?? {} });
    const anonymous = await remove();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const stranger = await remove(ben);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ detail: 'Not found.' });
    expect((await detail(created.id)).status).toBe(200);

    const deleted = await remove(ana);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'post deleted' });
    expect((await detail(created.id)).status).toBe(404);
    expect((await me(ana)).posts_count).toBe(before - 1);
    for (const file of onDisk) await expect(fs.access(file)).rejects.toThrow();
    const served = await t.app.inject({ method: 'GET', url: new URL(files[0]!).pathname });
    expect(served.statusCode).toBe(404);
    expect((await remove(ana)).statusCode).toBe(404);
  });
});

describe('reports', () => {
  it('count once per person; three people hide the post from everyone but its author', async () => {
    const { id } = await post(t, ana, 'Something some people dislike #divisive');
    const others = [ben, await socialUser(t), await socialUser(t)];
    const report = (user?: SocialUser) =>
      t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/report/`, headers: user?.headers ?? {} });

    const anonymous = await report();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const own = await report(ana);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'You cannot report your own post.' });

    for (let n = 0; n < 3; n += 1) expect((await report(ben)).json()).toEqual({ message: 'post reported' });
    expect((await report(others[1])).json()).toEqual({ message: 'post reported' });
    expect((await detail(id)).status).toBe(200);
    const before = await me(ana);

    expect((await report(others[2])).json()).toEqual({ message: 'post reported' });
    expect((await detail(id)).status).toBe(404);
    expect((await detail(id, ben)).status).toBe(404);
    expect((await detail(id, ana)).status).toBe(200);
    const feed = await getJson<FeedPage>(t, '/api/social-posts/?page_size=100');
    expect(feed.body.results.posts.map((item) => item.id)).not.toContain(id);
    const trend = await getJson<FeedPage>(t, '/api/social-posts/?trend=divisive');
    expect(trend.body).toMatchObject({ count: 0, results: { posts: [] } });
    const ownList = await getJson<{ count: number; results: { posts: { id: string }[] } }>(
      t,
      `/api/social-posts/profile/${ana.profile.slug}/?page_size=100`,
      ana,
    );
    expect(ownList.body.results.posts.map((item) => item.id)).toContain(id);
    expect((await me(ana)).posts_count).toBe(before.posts_count);
    // Hidden posts cannot be reported further by others, who no longer see them.
    expect((await report(others[0])).statusCode).toBe(404);
  });
});

describe('pagination of the feed', () => {
  it('pages newest first with absolute next links built from PUBLIC_URL', async () => {
    const author = await socialUser(t);
    for (let n = 1; n <= 23; n += 1) await post(t, author, `Numbered post ${n}`);
    const first = await getJson<FeedPage>(t, '/api/social-posts/', author);
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(23);
    expect(first.body.previous).toBeNull();
    expect(first.body.results.posts).toHaveLength(10);
    expect(first.body.results.posts[0]!.body).toBe('Numbered post 23');
    expect(first.body.next).toMatch(/^http:\/\/portal\.test\/api\/social-posts\/\?cursor=\d+\.[0-9a-f-]{36}&page=2$/);

    const bodies: string[] = [];
    let link: string | null = '/api/social-posts/';
    let pages = 0;
    while (link) {
      const page: { body: FeedPage } = await getJson<FeedPage>(t, link.startsWith('http') ? pathOf(link) : link, author);
      bodies.push(...page.body.results.posts.map((item) => item.body ?? ''));
      link = page.body.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(bodies).toEqual(Array.from({ length: 23 }, (_, n) => `Numbered post ${23 - n}`));

    const second = await getJson<FeedPage>(t, '/api/social-posts/?page=2&page_size=5', author);
    expect(second.body.results.posts.map((item) => item.body)).toEqual([18, 17, 16, 15, 14].map((n) => `Numbered post ${n}`));
    expect(second.body.previous).toBe('http://portal.test/api/social-posts/?page_size=5');
    expect((await getJson<FeedPage>(t, '/api/social-posts/?page=last', author)).body.results.posts).toHaveLength(3);
    expect((await getJson<FeedPage>(t, '/api/social-posts/?page_size=500', author)).body.results.posts).toHaveLength(23);
    expect((await getJson<FeedPage>(t, '/api/social-posts/?page_size=0', author)).body.results.posts).toHaveLength(10);
    for (const page of ['9', '0', 'abc']) {
      const response = await getJson(t, `/api/social-posts/?page=${page}`, author);
      expect(response.status, page).toBe(404);
      expect(response.body).toEqual({ detail: 'Invalid page.' });
    }
    expect((await getJson(t, '/api/social-posts/?cursor=garbage', author)).status).toBe(404);
  });
});
