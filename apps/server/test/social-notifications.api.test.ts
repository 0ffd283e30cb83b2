import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, getJson, post, socialUser, type SocialUser } from './support/social.js';

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
  it('tell the author about likes (not their own) and comments (their own too), newest first', async () => {
    const before = (await unread(ana)).length;
    const { id } = await post(t, ana, 'Notify me');
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
    expect(list).toHaveLength(before + 3);
    expect(list.slice(0, 3).map((item) => [item.type_of_notification, item.body, item.post_id])).toEqual([
      ['post_comment', 'Ana Notified commented on one of your posts!', id],
      ['post_comment', 'Ben Actor commented on one of your posts!', id],
      ['post_like', 'Ben Actor liked one of your posts!', id],
    ]);
    expect(list.every((item) => item.created_for_id === ana.profile.id)).toBe(true);
    expect(await unread(ben)).toEqual([expect.objectContaining({ type_of_notification: 'new_friendrequest' })]);
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
