import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, Notification, Post, PostDetail, PostHistory } from '@portal/contracts';
import {
  SETUP_TIMEOUT_MS,
  befriend,
  comment,
  getJson,
  idsOf,
  multipart,
  pathOf,
  picture,
  post,
  relate,
  socialUser,
  type SocialUser,
} from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 27: editing posts (with their history), alt text, content warnings, mentions and bookmarks. */
let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;
let cai: SocialUser;
const word = () => `w${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  [ana, ben, cai] = [await socialUser(t), await socialUser(t), await socialUser(t)];
  await befriend(t, ana, ben);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const get = <T>(url: string, user?: SocialUser) => getJson<T>(t, url, user);
const edit = (user: SocialUser | undefined, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/social-posts/${id}/`, headers: user?.headers ?? {}, payload: payload as object });
const mentionsOf = async (user: SocialUser) => (await get<Notification[]>('/api/social-notifications/?type=mention', user)).body;
const detail = async (id: string, user?: SocialUser) =>
  (await get<{ post: PostDetail }>(`/api/social-posts/${id}/`, user)).body.post;

async function create(user: SocialUser, fields: Record<string, string>, images = 0) {
  const files = await Promise.all(
    Array.from({ length: images }, async (_, index) => ({ field: `images[${index}]`, data: await picture('png') })),
  );
  const form = await multipart({ is_private: 'false', ...fields }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/social-posts/create/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

describe('alt text and content warnings', () => {
  it('round-trip on create and edit: `alt[N]` describes `images[N]`, the warning folds the post', async () => {
    const created = await create(
      ana,
      { body: 'Two views', 'alt[1]': 'A red barn under snow', 'alt[0]': ' ', content_warning: 'Spiders' },
      2,
    );
    expect(created.statusCode, created.body).toBe(200);
    const made = created.json() as Post;
    expect(made.content_warning).toBe('Spiders');
    expect(made.attachments.map((picture) => picture.alt)).toEqual([null, 'A red barn under snow']);
    expect(made).toMatchObject({ edited_at: null, bookmarked: false });
    const listed = (await get<FeedPage>('/api/social-posts/', ana)).body.results.posts.find((item) => item.id === made.id)!;
    expect(listed).toMatchObject({ content_warning: 'Spiders', attachments: [{ alt: null }, { alt: 'A red barn under snow' }] });
    expect((await detail(made.id)).content_warning).toBe('Spiders');

    const [first, second] = made.attachments;
    const edited = await edit(ana, made.id, {
      alt: { [first!.id]: 'A field of sunflowers', [second!.id]: '' },
      content_warning: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      content_warning: null,
      body: 'Two views',
      attachments: [{ alt: 'A field of sunflowers' }, { alt: null }],
    });
    expect((await detail(made.id)).attachments.map((picture) => picture.alt)).toEqual(['A field of sunflowers', null]);
  });

  it('refuses a description without its picture, one over 1,000 characters and a warning over 100, storing nothing', async () => {
    const before = (await get<FeedPage>('/api/social-posts/', ana)).body.count;
    const cases: [Record<string, string>, number, string][] = [
      [{ body: 'x'.repeat(10), 'alt[1]': 'no such picture' }, 1, 'alt[1] describes no picture: there is no images[1].'],
      [{ body: 'x'.repeat(10), 'alt[0]': 'a'.repeat(1001) }, 1, 'A description has at most 1000 characters.'],
      [{ body: 'x'.repeat(10), content_warning: 'c'.repeat(101) }, 0, 'A content warning has at most 100 characters.'],
    ];
    for (const [fields, images, message] of cases) {
      const refused = await create(ana, fields, images);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(message);
    }
    expect((await get<FeedPage>('/api/social-posts/', ana)).body.count).toBe(before);
  });
});

describe('editing a post', () => {
  it('is for its author: the text, hashtags, mentions and search follow; the history keeps every version', async () => {
    const [oldTag, newTag, oldWord, newWord] = [word(), word(), word(), word()];
    const id = (await post(t, ana, `First thoughts ${oldWord} #${oldTag}`)).id;
    const history = async (user?: SocialUser) => (await get<PostHistory>(`/api/social-posts/${id}/history/`, user)).body;
    expect(await history()).toMatchObject({ count: 1, next: null, results: [{ body: `First thoughts ${oldWord} #${oldTag}` }] });

    // Others who may see it: 403; nobody: 401; nothing changed.
    for (const [user, status] of [
      [ben, 403],
      [cai, 403],
      [undefined, 401],
    ] as const) {
      const refused = await edit(user, id, { body: 'Not mine to change' });
      expect(refused.statusCode, refused.body).toBe(status);
    }
    expect((await detail(id)).body).toBe(`First thoughts ${oldWord} #${oldTag}`);

    const edited = await edit(ana, id, { body: `Second thoughts ${newWord} #${newTag}, with @${cai.profile.slug}` });
    expect(edited.statusCode, edited.body).toBe(200);
    const answer = edited.json() as Post;
    expect(answer.body).toBe(`Second thoughts ${newWord} #${newTag}, with @${cai.profile.slug}`);
    expect(Date.parse(answer.edited_at!)).toBeGreaterThan(Date.parse(answer.created_at));
    expect((await detail(id)).edited_at).toBe(answer.edited_at);
    // Hashtags follow the text.
    expect(idsOf((await get<FeedPage>(`/api/social-posts/?trend=${oldTag}`)).body)).toEqual([]);
    expect(idsOf((await get<FeedPage>(`/api/social-posts/?trend=${newTag}`)).body)).toEqual([id]);
    // Search follows the text.
    expect(idsOf((await get<FeedPage>(`/api/social-posts/search/?query=${oldWord}`)).body)).toEqual([]);
    expect(idsOf((await get<FeedPage>(`/api/social-posts/search/?query=${newWord}`)).body)).toEqual([id]);
    // The newly mentioned person is told, once, however often the post is edited.
    expect((await mentionsOf(cai)).filter((item) => item.post_id === id)).toHaveLength(1);
    expect((await edit(ana, id, { body: `Third thoughts ${newWord}, still with @${cai.profile.slug}` })).statusCode).toBe(200);
    expect((await mentionsOf(cai)).filter((item) => item.post_id === id)).toHaveLength(1);
    // An edit that changes nothing keeps no version.
    expect((await edit(ana, id, { body: `Third thoughts ${newWord}, still with @${cai.profile.slug}` })).statusCode).toBe(200);

    const versions = await history(cai);
    expect(versions.count).toBe(3);
    expect(versions.results.map((version) => version.body)).toEqual([
      `Third thoughts ${newWord}, still with @${cai.profile.slug}`,
      `Second thoughts ${newWord} #${newTag}, with @${cai.profile.slug}`,
      `First thoughts ${oldWord} #${oldTag}`,
    ]);
    const paged = await get<PostHistory>(`/api/social-posts/${id}/history/?page_size=2`);
    expect(paged.body.results).toHaveLength(2);
    expect((await get<PostHistory>(pathOf(paged.body.next!))).body.results.map((version) => version.body)).toEqual([
      `First thoughts ${oldWord} #${oldTag}`,
    ]);
  });

  it('refuses bad input (400) and posts the caller may not see (404), changing nothing', async () => {
    const id = (await post(t, ana, 'A post to keep as it is')).id;
    const secret = (await post(t, ana, 'Friends only, this one', { isPrivate: true })).id;
    const cases: [unknown, string][] = [
      [{ body: 'ab' }, 'Form is not valid'],
      [{ body: null }, 'Write something or keep a picture.'],
      [{ content_warning: 'w'.repeat(101) }, 'Ensure this field has no more than 100 characters.'],
      [{ alt: { [randomUUIDLike()]: 'no such picture' } }, 'is not a picture of this post.'],
      [{ body: 'ok then', surprise: true }, 'surprise'],
      [{ body: 42 }, 'Not a valid string.'],
    ];
    for (const [payload, message] of cases) {
      const refused = await edit(ana, id, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect(await detail(id)).toMatchObject({ body: 'A post to keep as it is', edited_at: null });
    expect((await edit(cai, secret, { body: 'Let me in' })).statusCode).toBe(404);
    expect((await get(`/api/social-posts/${secret}/history/`, cai)).status).toBe(404);
    expect((await get<PostHistory>(`/api/social-posts/${secret}/history/`, ben)).body.count).toBe(1);
    expect((await edit(ana, '00000000-0000-4000-8000-000000000000', { body: 'Nothing here' })).statusCode).toBe(404);
  });
});

function randomUUIDLike() {
  return '11111111-2222-4333-8444-555555555555';
}

describe('mentions', () => {
  it('notify each person named once, with the post; never the author, someone blocking, or someone who may not see it', async () => {
    const [dan, eve] = [await socialUser(t), await socialUser(t)];
    await relate(t, eve, ana.profile.slug, 'block');
    const body = `Picnic with @${ben.profile.slug}, @${ben.profile.slug} again, @${dan.profile.slug}, @${eve.profile.slug}, @${ana.profile.slug} and @no-such-person`;
    const id = (await post(t, ana, body)).id;
    expect(await mentionsOf(ben)).toEqual([
      {
        id: expect.any(String),
        body: expect.stringMatching(new RegExp(`^${ana.person.first_name} ${ana.person.last_name} mentioned you: “Picnic with`)),
        type_of_notification: 'mention',
        post_id: id,
        created_for_id: ben.profile.id,
      },
    ]);
    expect(await mentionsOf(dan)).toHaveLength(1);
    expect(await mentionsOf(eve)).toEqual([]);
    expect(await mentionsOf(ana)).toEqual([]);

    // A private post tells only those who may see it (ben is a friend, dan is not).
    const secret = (await post(t, ana, `Just us, @${ben.profile.slug} and @${dan.profile.slug}`, { isPrivate: true })).id;
    expect((await mentionsOf(ben)).map((item) => item.post_id)).toContain(secret);
    expect((await mentionsOf(dan)).map((item) => item.post_id)).not.toContain(secret);

    // A comment mentions too, with the post it is on.
    await comment(t, cai, id, `Count me in, @${dan.profile.slug}!`);
    expect((await mentionsOf(dan)).filter((item) => item.post_id === id)).toHaveLength(2);
  });

  it('are suggested as `@` is typed: a slug, username or name start, friends first, never yourself', async () => {
    const suggestions = async (q: string, user: SocialUser = ana) =>
      (await get<{ id: number; slug: string }[]>(`/api/social-profiles/mention-suggestions/?q=${encodeURIComponent(q)}`, user))
        .body;
    const [first] = await suggestions('');
    expect(first?.id).toBe(ben.profile.id);
    expect((await suggestions(ben.person.first_name.slice(0, 3).toLowerCase())).map((person) => person.id)[0]).toBe(
      ben.profile.id,
    );
    expect((await suggestions(ben.profile.slug)).map((person) => person.id)).toContain(ben.profile.id);
    expect((await suggestions(cai.person.username.toUpperCase())).map((person) => person.id)).toEqual([cai.profile.id]);
    expect((await suggestions(ana.profile.slug)).map((person) => person.id)).not.toContain(ana.profile.id);
    expect(await suggestions('%_\\')).toEqual([]);
    expect((await get('/api/social-profiles/mention-suggestions/?q=x')).status).toBe(401);
    expect((await get(`/api/social-profiles/mention-suggestions/?q=${'x'.repeat(101)}`, ana)).status).toBe(400);
  });
});

describe('bookmarks', () => {
  it('are the caller’s own, newest first, paginated; `bookmarked` shows in every list', async () => {
    const ids = [(await post(t, ben, 'Bookmark me first')).id, (await post(t, cai, 'Bookmark me second')).id];
    for (const id of ids) {
      const answer = await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/bookmark/`, headers: ana.headers });
      expect(answer.json()).toEqual({ message: 'post bookmarked' });
    }
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${ids[0]}/bookmark/`, headers: ana.headers });
    const first = await get<FeedPage>('/api/social-posts/bookmarks/?page_size=1', ana);
    expect(first.body.count).toBe(2);
    expect(idsOf(first.body)).toEqual([ids[1]]);
    expect(first.body.results.posts[0]!.bookmarked).toBe(true);
    expect(first.body.next).toContain('cursor=');
    expect(idsOf((await get<FeedPage>(pathOf(first.body.next!), ana)).body)).toEqual([ids[0]]);
    expect((await detail(ids[0]!, ana)).bookmarked).toBe(true);
    expect((await detail(ids[0]!, ben)).bookmarked).toBe(false);
    expect((await detail(ids[0]!)).bookmarked).toBe(false);
    expect((await get<FeedPage>('/api/social-posts/bookmarks/', ben)).body).toMatchObject({ count: 0, results: { posts: [] } });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/social-posts/${ids[0]}/bookmark/`, headers: ana.headers });
    expect(removed.json()).toEqual({ message: 'bookmark removed' });
    expect(idsOf((await get<FeedPage>('/api/social-posts/bookmarks/', ana)).body)).toEqual([ids[1]]);
    // Someone the caller blocks drops out of their bookmarks.
    await relate(t, ana, cai.profile.slug, 'block');
    expect((await get<FeedPage>('/api/social-posts/bookmarks/', ana)).body).toMatchObject({ count: 0, results: { posts: [] } });
    await relate(t, ana, cai.profile.slug, 'block', 'DELETE');

    const secret = (await post(t, ben, 'Not for strangers', { isPrivate: true })).id;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/social-posts/${secret}/bookmark/`, headers: cai.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/social-posts/${secret}/bookmark/` })).statusCode).toBe(401);
    expect((await get('/api/social-posts/bookmarks/')).status).toBe(401);
  });
});
