import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage, Profile } from '@portal/contracts';
import { bearer } from './support/accounts.js';
import { createTestApp, json, newPerson, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, getJson, multipart, picture, post, socialUser, type SocialUser } from './support/social.js';
import { createProduct, newCustomer } from './support/taberna.js';

/** Findings 1–3 of the security audit: unstorable text, broken multipart bodies, and other people's emails. */
let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;
let postId: string;
let productId: number;
let shopHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Quill' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Quill' });
  await befriend(t, ana, ben);
  postId = (await post(t, ana, 'Quill family picnic #quill')).id;
  productId = (await createProduct(t.database.db, { colors: ['red'], sizes: ['m'] })).id;
  shopHeaders = (await newCustomer(t.app, t.mail)).headers;
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe('finding 1: NUL bytes and lone surrogates are a 400 field error, before the database', () => {
  const cases: [
    string,
    () => { method: 'POST' | 'GET'; url: string; payload?: unknown; headers?: Record<string, string> },
    string,
    (bad: string) => unknown,
  ][] = [
    [
      'login email',
      () => ({ method: 'POST', url: '/api/v1/token/' }),
      'email',
      (bad) => ({ email: `x${bad}@example.com`, password: 'x' }),
    ],
    [
      'shop login',
      () => ({ method: 'POST', url: '/taberna-profiles/api/v1/token/' }),
      'email',
      (bad) => ({ email: bad, password: 'x' }),
    ],
    [
      'register',
      () => ({ method: 'POST', url: '/api/social-profiles/register/' }),
      'first_name',
      (bad) => ({ ...newPerson(), first_name: bad }),
    ],
    [
      'post search',
      () => ({ method: 'POST', url: '/api/social-posts/search/', headers: ana.headers }),
      'query',
      (bad) => ({ query: bad }),
    ],
    [
      'comment',
      () => ({ method: 'POST', url: `/api/social-posts/${postId}/comment/`, headers: ben.headers }),
      'body',
      (bad) => ({ body: bad }),
    ],
    [
      'shop search',
      () => ({ method: 'POST', url: '/taberna-store/api/v1/products/search/' }),
      'query',
      (bad) => ({ query: bad }),
    ],
    ['app search', () => ({ method: 'POST', url: '/api/v1/vue-apps/search/' }), 'query', (bad) => ({ query: bad })],
    [
      'add-to-cart colour',
      () => ({ method: 'POST', url: `/taberna-cart/api/add-to-cart/${productId}/`, headers: shopHeaders }),
      'color',
      (bad) => ({ color: bad, size: 'm' }),
    ],
    [
      'nested field',
      () => ({ method: 'POST', url: '/api/v1/token/' }),
      'email',
      (bad) => ({ email: { deep: [bad] }, password: 'x' }),
    ],
  ];

  it.each(
    cases.flatMap(([name, request, field, body]) => [
      [`${name} (NUL)`, request, field, body(NUL)] as const,
      [`${name} (lone surrogate)`, request, field, body(LONE)] as const,
    ]),
  )('%s', async (_name, request, field, payload) => {
    const response = await t.app.inject({ ...request(), payload: payload as object });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toMatch(
      field === 'email' || field === 'query' || field === 'body' || field === 'first_name' || field === 'color'
        ? new RegExp(field)
        : /./,
    );
    expect(response.body).toMatch(/Null characters are not allowed|Surrogate characters are not allowed: U\+D800/);
  });

  it.each([
    [
      'friend request slug',
      () => ({ method: 'POST' as const, url: '/api/social-profiles/friends/%00/request/', headers: ana.headers }),
    ],
    ['friend page slug', () => ({ method: 'GET' as const, url: '/api/social-profiles/friends/a%00b/', headers: ben.headers })],
    ['profile posts slug', () => ({ method: 'GET' as const, url: '/api/social-posts/profile/%ED%A0%80/' })],
    ['product slug', () => ({ method: 'GET' as const, url: '/taberna-store/api/v1/products/a%00/b/' })],
    ['cart id query', () => ({ method: 'GET' as const, url: '/taberna-cart/api/cart/?cart_id=%00' })],
    ['feed query', () => ({ method: 'GET' as const, url: '/api/social-posts/?page=%00' })],
  ])('path and query parameters: %s', async (_name, request) => {
    const response = await t.app.inject(request());
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toBeTypeOf('object');
  });

  it('keeps the endpoint’s own error shape (the AI lab answers with `message`)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/ai-lab/', payload: { question: NUL } });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('Null characters are not allowed.');
  });

  // A multipart body is UTF-8 bytes, which cannot hold a lone surrogate: only NUL gets that far.
  it('refuses NUL in multipart fields (post create, profile edit) and writes nothing', async () => {
    for (const body of [NUL, `${NUL}${NUL}`]) {
      const form = await multipart({ body, is_private: 'false' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/social-posts/create/',
        headers: { ...ana.headers, ...form.headers },
        payload: form.payload,
      });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.body).toMatch(/body: Null characters are not allowed/);
      const edit = await multipart({
        first_name: body,
        last_name: 'Quill',
        username: ana.person.username,
        email: ana.person.email,
      });
      const edited = await t.app.inject({
        method: 'POST',
        url: '/api/social-profiles/editprofile/',
        headers: { ...ana.headers, ...edit.headers },
        payload: edit.payload,
      });
      expect(edited.statusCode, edited.body).toBe(400);
    }
    const mine = await getJson<{ count: number }>(t, `/api/social-posts/profile/${ana.profile.slug}/`, ana);
    expect(mine.body.count).toBe(1);
    expect((await getJson<Profile>(t, '/api/social-profiles/me/', ana)).body.first_name).toBe('Ana');
  });

  it('lets ordinary text with astral characters through', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/social-posts/${postId}/comment/`,
      headers: ben.headers,
      payload: { body: 'Lovely 🧺 day' },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('finding 2: a broken multipart body is a 400 on every upload route', () => {
  async function brokenBodies() {
    const whole = await multipart({ body: 'x', is_private: 'false' }, [{ field: 'images[0]', data: await picture() }]);
    const boundary = /boundary=(.+)$/.exec(whole.headers['content-type'])![1]!;
    return [
      ['truncated', whole.headers['content-type'], whole.payload.subarray(0, Math.floor(whole.payload.length / 2))],
      [
        'no closing boundary',
        whole.headers['content-type'],
        whole.payload.subarray(0, whole.payload.length - boundary.length - 8),
      ],
      [
        'broken part header',
        whole.headers['content-type'],
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name\r\n\r\nx\r\n--${boundary}--\r\n`),
      ],
      ['no boundary', 'multipart/form-data', whole.payload],
      ['garbage', 'multipart/form-data; boundary=zzz', Buffer.from('this is not a multipart body at all')],
    ] as const;
  }
  const routes: [string, () => Record<string, string>][] = [
    ['/api/social-posts/create/', () => ana.headers],
    ['/api/social-profiles/editprofile/', () => ana.headers],
    ['/api/social-profiles/editpassword/', () => ana.headers],
    ['/ai-lab/upload-vision-images/', () => ana.headers],
  ];
  it.each(routes)('%s', async (url, headers) => {
    for (const [name, type, payload] of await brokenBodies()) {
      const response = await t.app.inject({ method: 'POST', url, headers: { ...headers(), 'content-type': type }, payload });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json(), name).toBeTypeOf('object');
    }
    const mine = await getJson<{ count: number }>(t, `/api/social-posts/profile/${ana.profile.slug}/`, ana);
    expect(mine.body.count).toBe(1);
  });
});

describe('finding 3 (deviation 12): a profile’s email reaches only its owner', () => {
  const emailsIn = (value: unknown): string[] => JSON.stringify(value).match(/"email":"[^"]+"/g) ?? [];

  it('is filled in /me/ only', async () => {
    expect((await getJson<Profile>(t, '/api/social-profiles/me/', ana)).body.email).toBe(ana.person.email);
  });

  it.each([
    ['feed', '/api/social-posts/?page_size=100'],
    ['post page', () => `/api/social-posts/${postId}/`],
    ['profile posts', () => `/api/social-posts/profile/${ana.profile.slug}/`],
    ['friends page', () => `/api/social-profiles/friends/${ana.profile.slug}/`],
    ['suggestions', '/api/social-profiles/friends/suggested/'],
    ['chat list', '/api/social-chat/'],
  ] as const)('is an empty string in the %s, for anonymous and signed-in callers', async (_name, url) => {
    const path = typeof url === 'function' ? url() : url;
    for (const viewer of [undefined, ben, ana]) {
      const page = await getJson(t, path, viewer);
      if (page.status === 401) continue;
      expect(page.status, path).toBe(200);
      expect(emailsIn(page.body), path).toEqual([]);
    }
  });

  it('is an empty string in search, comments and chat answers, with the key kept', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/social-posts/search/',
      headers: ben.headers,
      payload: { query: 'Quill' },
    });
    expect(search.statusCode).toBe(200);
    expect(emailsIn(search.json())).toEqual([]);
    const people = (search.json() as { results: { profiles: Profile[] } }).results.profiles;
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) expect(person).toHaveProperty('email', '');

    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/social-posts/${postId}/comment/`,
      headers: ben.headers,
      payload: { body: 'hi' },
    });
    expect(emailsIn(comment.json())).toEqual([]);

    const chat = await t.app.inject({
      method: 'GET',
      url: `/api/social-chat/${ana.profile.slug}/get-or-create/`,
      headers: ben.headers,
    });
    expect(chat.statusCode, chat.body).toBe(200);
    const chatId = (chat.json() as { id: string }).id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/social-chat/${chatId}/send/`,
      headers: ben.headers,
      payload: { body: 'hello' },
    });
    expect(emailsIn(sent.json()), sent.body).toEqual([]);
    const conversation = await getJson(t, `/api/social-chat/${chatId}/`, ben);
    expect(emailsIn(conversation.body)).toEqual([]);

    const feed = await getJson<FeedPage>(t, '/api/social-posts/', ben);
    expect(feed.body.results.posts[0]!.created_by).toHaveProperty('email', '');
  });

  it('still lets the owner log in and edit with their email', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: ana.person.email, password: ana.person.password },
    });
    expect(login.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/social-profiles/me/',
      headers: bearer((login.json() as { access: string }).access),
    });
    expect((me.json() as Profile).email).toBe(ana.person.email);
  });
});
