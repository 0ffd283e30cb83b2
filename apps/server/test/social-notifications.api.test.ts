import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, getJson, picture, post, socialUser, type SocialUser } from './support/social.js';

let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Notified' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Actor' });
  await befriend(t, ana, ben);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const unread = async (user: SocialUser) => (await getJson<Notification[]>(t, '/api/social-notifications/', user)).body;
const read = (user: SocialUser | undefined, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/social-notifications/read/${id}/`, headers: user?.headers ?? {} });

describe('notifications', () => {
  it('tell the author about likes and comments of others (never their own), naming the post, newest first', async () => {
    const before = (await unread(ana)).length;
    const { id } = await post(t, ana, 'Notify me about this lovely sunny walk by the river');
    const act = (user: SocialUser, action: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/social-posts/${id}/${action}/`,
        headers: user.headers,
        ...(payload ? { payload } : {}),
      });
    await act(ana, 'like');
    await act(ben, 'like');
    await act(ben, 'like');
    await act(ben, 'comment', { body: 'Nice one' });
    await act(ana, 'comment', { body: 'Thanks!' });
    const list = await unread(ana);
    expect(list).toHaveLength(before + 2);
    expect(list.slice(0, 2).map((item) => [item.type_of_notification, item.body, item.post_id])).toEqual([
      ['post_comment', 'Ben Actor commented on your post “Notify me about this lovely sunny…”', id],
      ['post_like', 'Ben Actor liked your post “Notify me about this lovely sunny…”', id],
    ]);
    expect(list.every((item) => item.created_for_id === ana.profile.id)).toBe(true);
    expect(await unread(ben)).toEqual([expect.objectContaining({ type_of_notification: 'new_friendrequest' })]);
  });

  it('name a short post in full, and a picture-only post as one of your posts', async () => {
    const short = await post(t, ana, 'Tiny');
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${short.id}/like/`, headers: ben.headers });
    expect((await unread(ana))[0]!.body).toBe('Ben Actor liked your post “Tiny”');
    const { id } = await post(t, ana, '', { images: [await picture('png')] });
    await t.app.inject({
      method: 'POST',
      url: `/api/social-posts/${id}/comment/`,
      headers: ben.headers,
      payload: { body: 'Wow' },
    });
    expect((await unread(ana))[0]!.body).toBe('Ben Actor commented on one of your posts!');
  });

  it('of a like go away when the like is taken back (read ones stay)', async () => {
    const { id } = await post(t, ana, 'Like and unlike');
    const toggle = (method: 'POST' | 'DELETE') =>
      t.app.inject({ method, url: `/api/social-posts/${id}/like/`, headers: ben.headers });
    await toggle('POST');
    expect((await unread(ana)).filter((item) => item.post_id === id)).toHaveLength(1);
    await toggle('DELETE');
    expect((await unread(ana)).filter((item) => item.post_id === id)).toHaveLength(0);
    await toggle('POST');
    const [note] = (await unread(ana)).filter((item) => item.post_id === id);
    await read(ana, note!.id);
    await toggle('DELETE');
    const stored = (await t.database.db.execute(
      sql`select is_read from social_notifications where id = ${note!.id}`,
    )) as unknown as {
      rows: { is_read: boolean }[];
    };
    expect(stored.rows).toEqual([{ is_read: true }]);
  });

  it('are marked read by their recipient only', async () => {
    const [first] = await unread(ana);
    expect((await read(ben, first!.id)).statusCode).toBe(404);
    expect((await read(undefined, first!.id)).statusCode).toBe(401);
    expect((await read(ana, 'not-a-uuid')).statusCode).toBe(404);
    expect((await read(ana, '3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).json()).toEqual({ detail: 'Not found.' });
    const count = (await unread(ana)).length;
    const response = await read(ana, first!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'notification read' });
    expect((await unread(ana)).map((item) => item.id)).not.toContain(first!.id);
    expect(await unread(ana)).toHaveLength(count - 1);
    expect((await read(ana, first!.id)).statusCode).toBe(200);
  });

  it('are all marked read at once by POST read-all/, for the caller only', async () => {
    const readAll = (user?: SocialUser) =>
      t.app.inject({ method: 'POST', url: '/api/social-notifications/read-all/', headers: user?.headers ?? {} });
    const anonymous = await readAll();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const { id } = await post(t, ana, 'Badge filler');
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: ben.headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/social-posts/${id}/comment/`,
      headers: ben.headers,
      payload: { body: 'Hey' },
    });
    const anaCount = (await unread(ana)).length;
    const benCount = (await unread(ben)).length;
    expect(anaCount).toBeGreaterThanOrEqual(2);
    const response = await readAll(ana);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'notifications read', count: anaCount });
    expect(await unread(ana)).toEqual([]);
    expect(await unread(ben)).toHaveLength(benCount);
    expect((await readAll(ana)).json()).toEqual({ message: 'notifications read', count: 0 });
  });

  it('need a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/social-notifications/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('about a post go away with the post', async () => {
    const { id } = await post(t, ana, 'Soon gone');
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: ben.headers });
    expect((await unread(ana)).some((item) => item.post_id === id)).toBe(true);
    await t.app.inject({ method: 'DELETE', url: `/api/social-posts/${id}/delete/`, headers: ana.headers });
    expect((await unread(ana)).some((item) => item.post_id === id)).toBe(false);
  });
});
