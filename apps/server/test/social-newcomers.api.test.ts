import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_SUSPENDED_CODE,
  type FeedPage,
  type FriendsAnswer,
  type Notification,
  type Profile,
  type ProfileDetail,
  type ProfilePostsPage,
} from '@portal/contracts';
import { backoffice, member } from './support/backoffice.js';
import { chatPath, conversationOf, notificationPath, openLive, say } from './support/chat.js';
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

/** Issue 27: a newcomer's timeline and suggestions, bios and headers, notification tabs, and suspension said at once. */
let t: TestApp;
let origin: string;
const CONTACT = 'appeals@portal.example';

beforeAll(async () => {
  t = await createTestApp({ SUSPENSION_CONTACT: CONTACT });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const get = <T>(url: string, user?: SocialUser) => getJson<T>(t, url, user);

describe('a newcomer', () => {
  it('reads the public timeline without the people they blocked or muted, and is offered well-connected people', async () => {
    const [hub, spoke1, spoke2, loner, blocked, muted, asked] = await Promise.all(Array.from({ length: 7 }, () => socialUser(t)));
    await befriend(t, hub!, spoke1!);
    await befriend(t, hub!, spoke2!);
    await befriend(t, spoke1!, spoke2!);
    await befriend(t, blocked!, muted!);
    await befriend(t, blocked!, hub!);
    const listed = [
      (await post(t, hub!, 'Hub says hello to everyone')).id,
      (await post(t, loner!, 'A quiet post from a loner')).id,
      (await post(t, spoke1!, 'A friends-only note', { isPrivate: true })).id,
    ];
    const hidden = [(await post(t, blocked!, 'Someone you will block')).id, (await post(t, muted!, 'Someone you will mute')).id];

    const newcomer = await socialUser(t);
    await relate(t, newcomer, blocked!.profile.slug, 'block');
    await relate(t, newcomer, muted!.profile.slug, 'mute');
    await t.app.inject({
      method: 'POST',
      url: `/api/social-profiles/friends/${asked!.profile.slug}/request/`,
      headers: newcomer.headers,
    });

    // Their own feed is empty; everyone's is the public posts, less blocked and muted people.
    expect((await get<FeedPage>('/api/social-posts/', newcomer)).body).toMatchObject({ count: 0, results: { posts: [] } });
    const everyone = await get<FeedPage>('/api/social-posts/?scope=public&page_size=1', newcomer);
    const all = [...idsOf(everyone.body)];
    expect(everyone.body.next).toContain('scope=public');
    for (let next = everyone.body.next; next;) {
      const page = (await get<FeedPage>(pathOf(next), newcomer)).body;
      all.push(...idsOf(page));
      next = page.next;
    }
    expect(all).toEqual(expect.arrayContaining([listed[0], listed[1]]));
    expect(all).not.toContain(listed[2]);
    for (const id of hidden) expect(all).not.toContain(id);
    const visitors = idsOf((await get<FeedPage>('/api/social-posts/?scope=public&page_size=100')).body);
    expect(everyone.body.count).toBe(visitors.length - hidden.length);
    expect(all).toHaveLength(everyone.body.count);
    expect((await get('/api/social-posts/?scope=everything', newcomer)).status).toBe(400);

    // Without friends of friends: active people, the best connected first; never the blocked, muted or asked.
    const suggested = (await get<Profile[]>('/api/social-profiles/friends/suggested/', newcomer)).body.map((person) => person.id);
    expect(suggested.slice(0, 1)).toEqual([hub!.profile.id]);
    expect(suggested).toEqual(expect.arrayContaining([spoke1!.profile.id, spoke2!.profile.id, loner!.profile.id]));
    for (const person of [blocked, muted, asked, newcomer]) expect(suggested).not.toContain(person!.profile.id);
  });
});

describe('a profile', () => {
  const edit = async (user: SocialUser, fields: Record<string, string>, header?: Buffer) => {
    const form = await multipart(
      {
        first_name: user.profile.first_name,
        last_name: user.profile.last_name,
        username: user.profile.username,
        email: user.person.email,
        avatar: 'null',
        ...fields,
      },
      header ? [{ field: 'header', data: header, type: 'image/png', filename: 'header.png' }] : [],
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editprofile/',
      headers: { ...user.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('has a bio and a header picture, on every answer about it; a client that sends neither keeps them', async () => {
    const [rosa, viewer] = [await socialUser(t), await socialUser(t)];
    const bio = 'Baker in #Lisbon. Bread: https://bread.example.com';
    const saved = await edit(rosa, { bio }, await picture('png', 900, 300));
    expect(saved.statusCode, saved.body).toBe(200);
    const headerUrl = saved.json().new_header as string;
    expect(headerUrl).toMatch(/^http:\/\/portal\.test\/static\/media\/social\/headers\/.+\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: new URL(headerUrl).pathname })).statusCode).toBe(200);

    const me = (await get<ProfileDetail>('/api/social-profiles/me/', rosa)).body;
    expect(me).toMatchObject({ bio, header_url: headerUrl, blocked: false, muted: false, email: rosa.person.email });
    const page = (await get<ProfilePostsPage>(`/api/social-posts/profile/${rosa.profile.slug}/`)).body.results.profile;
    expect(page).toMatchObject({ bio, header_url: headerUrl, blocked: false, muted: false, email: '' });
    const friends = (await get<FriendsAnswer>(`/api/social-profiles/friends/${rosa.profile.slug}/`, viewer)).body.user;
    expect(friends).toMatchObject({ bio, header_url: headerUrl });

    // The reference client sends names, email and `avatar=null` only: bio and header stay.
    expect((await edit(rosa, {})).json()).toMatchObject({ new_header: headerUrl });
    expect((await get<ProfileDetail>('/api/social-profiles/me/', rosa)).body.bio).toBe(bio);
    const cleared = await edit(rosa, { bio: '  ', remove_header: 'true' });
    expect(cleared.json()).toMatchObject({ new_header: null });
    expect((await get<ProfileDetail>('/api/social-profiles/me/', rosa)).body).toMatchObject({ bio: '', header_url: null });
    expect((await t.app.inject({ method: 'GET', url: new URL(headerUrl).pathname })).statusCode).toBe(404);
  });

  it('refuses a bio over 500 characters and a header that is not a picture, changing nothing', async () => {
    const rosa = await socialUser(t);
    const long = await edit(rosa, { bio: 'b'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: 'Invalid form data!',
      bio: ['Ensure this field has no more than 500 characters.'],
    });
    const notPicture = await edit(rosa, { bio: 'fine' }, Buffer.from('not a picture at all'));
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json()).toMatchObject({ message: expect.stringContaining('Header:') });
    expect((await get<ProfileDetail>('/api/social-profiles/me/', rosa)).body).toMatchObject({ bio: '', header_url: null });
  });
});

describe('notifications', () => {
  it('filter by kind (`friendship` is the friend-request ones) and refuse an unknown kind', async () => {
    const [rosa, fan] = [await socialUser(t), await socialUser(t)];
    const id = (await post(t, rosa, 'Notify me about this one')).id;
    await befriend(t, fan, rosa);
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: fan.headers });
    await comment(t, fan, id, `Nice one @${rosa.profile.slug}`);
    await post(t, fan, `Hello @${rosa.profile.slug}`);
    await say(t.app, fan, (await conversationOf(t.app, fan, rosa)).id, 'hi');
    const kinds = async (type?: string) =>
      (await get<Notification[]>(`/api/social-notifications/${type ? `?type=${type}` : ''}`, rosa)).body
        .map((item) => item.type_of_notification)
        .sort();
    expect(await kinds()).toEqual(['chat_message', 'mention', 'new_friendrequest', 'post_comment', 'post_like']);
    expect(await kinds('mention')).toEqual(['mention']);
    expect(await kinds('post_like')).toEqual(['post_like']);
    expect(await kinds('post_comment')).toEqual(['post_comment']);
    expect(await kinds('chat_message')).toEqual(['chat_message']);
    expect(await kinds('friendship')).toEqual(['new_friendrequest']);
    const bad = await get('/api/social-notifications/?type=everything', rosa);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('is not a valid choice');
    expect((await get('/api/social-notifications/?type=mention')).status).toBe(401);
  });
});

describe('a suspension', () => {
  it('closes the person’s sockets at once with 4423 and the reason, and says the same on their next request', async () => {
    const [staff, spammer, friend] = [await member(t, 'staff'), await member(t), await socialUser(t)];
    await befriend(t, spammer, friend);
    const conversation = await conversationOf(t.app, spammer, friend);
    const sockets = await Promise.all([
      openLive(origin + notificationPath(spammer.profile.id), spammer.access),
      openLive(origin + chatPath(conversation.id, spammer.profile.id), spammer.access),
    ]);
    const friendSocket = await openLive(origin + chatPath(conversation.id, friend.profile.id), friend.access);
    const suspended = await backoffice(t, staff)('POST', `/accounts/${spammer.accountId}/suspend/`, { reason: 'Spam links' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await Promise.all(sockets.map((socket) => socket.closed()))).toEqual([4423, 4423]);
    expect(sockets.map((socket) => socket.closeReason())).toEqual([
      'This account is suspended: Spam links',
      'This account is suspended: Spam links',
    ]);
    expect(friendSocket.socket.readyState).toBe(friendSocket.socket.OPEN);
    friendSocket.socket.close();

    const again = await openLive(origin + notificationPath(spammer.profile.id), spammer.access);
    expect(await again.closed()).toBe(4423);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', payload: { refresh: spammer.refresh } });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual({ detail: 'This account is suspended: Spam links', code: ACCOUNT_SUSPENDED_CODE });
    const next = await get('/api/social-profiles/me/', spammer);
    expect(next.body).toMatchObject({ code: ACCOUNT_SUSPENDED_CODE });
    const settings = (await get<{ suspension_contact: string }>('/api/v1/portal-settings/')).body;
    expect(settings.suspension_contact).toBe(CONTACT);
  });

  it('cuts a long reason to fit a close frame, whole characters and an ellipsis', async () => {
    const [staff, spammer] = [await member(t, 'staff'), await member(t)];
    const socket = await openLive(origin + notificationPath(spammer.profile.id), spammer.access);
    const reason = `Repeated abuse ${'é'.repeat(150)}`.slice(0, 200);
    await backoffice(t, staff)('POST', `/accounts/${spammer.accountId}/suspend/`, { reason });
    expect(await socket.closed()).toBe(4423);
    const said = socket.closeReason()!;
    expect(Buffer.byteLength(said)).toBeLessThanOrEqual(123);
    expect(said.startsWith('This account is suspended: Repeated abuse é')).toBe(true);
    expect(said.endsWith('é…')).toBe(true);
  });
});
