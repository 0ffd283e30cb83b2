import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FeedPage,
  FriendsAnswer,
  Notification,
  PostDetail,
  Profile,
  ProfileDetail,
  ProfileListPage,
} from '@portal/contracts';
import { chatPath, conversationOf, getOrCreate, openLive, say, sendMessage } from './support/chat.js';
import {
  SETUP_TIMEOUT_MS,
  befriend,
  comment,
  getJson,
  idsOf,
  pathOf,
  post,
  relate,
  socialUser,
  type SocialUser,
} from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 27: a block hides two people from each other on every path; a mute hides someone from the muter only. */
let t: TestApp;
let origin: string;
const word = `w${randomBytes(4).toString('hex')}`;
const tag = `t${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const get = <T>(url: string, user?: SocialUser) => getJson<T>(t, url, user);
const me = async (user: SocialUser) => (await get<ProfileDetail>('/api/social-profiles/me/', user)).body;
const like = (user: SocialUser, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: user.headers });
const notifications = async (user: SocialUser) => (await get<Notification[]>('/api/social-notifications/', user)).body;
const feed = async (user: SocialUser | undefined, scope = '') =>
  idsOf((await get<FeedPage>(`/api/social-posts/?page_size=100${scope ? `&scope=${scope}` : ''}`, user)).body);
async function searchIds(user: SocialUser, text: string) {
  const found = await t.app.inject({
    method: 'POST',
    url: '/api/social-posts/search/',
    headers: user.headers,
    payload: { query: text },
  });
  const body = found.json() as { results: { posts: { id: string }[]; profiles: Profile[] } };
  return { posts: idsOf(body), people: body.results.profiles.map((person) => person.id) };
}
async function portalSearch(user: SocialUser, text: string) {
  const body = (
    await get<{ people: { id: number }[]; posts: { id: string }[] }>(`/api/search/?q=${encodeURIComponent(text)}`, user)
  ).body;
  return { people: body.people.map((person) => person.id), posts: body.posts.map((item) => item.id) };
}

describe('a block', () => {
  let ana: SocialUser;
  let ben: SocialUser;
  let cai: SocialUser;
  let posts: Record<'benPublic' | 'benPrivate' | 'anaPublic' | 'caiPublic', string>;

  beforeAll(async () => {
    ana = await socialUser(t, { first_name: 'Anabel', last_name: `Quorra${word}` });
    ben = await socialUser(t, { first_name: 'Benedikt', last_name: `Quorra${word}` });
    cai = await socialUser(t);
    await befriend(t, ana, ben);
    await befriend(t, ana, cai);
    await befriend(t, ben, cai);
    posts = {
      benPublic: (await post(t, ben, `Ben outdoors ${word} #${tag}`)).id,
      benPrivate: (await post(t, ben, `Ben at home ${word}`, { isPrivate: true })).id,
      anaPublic: (await post(t, ana, `Ana outdoors ${word} #${tag}`)).id,
      caiPublic: (await post(t, cai, `Cai outdoors ${word}`)).id,
    };
    await comment(t, ben, posts.caiPublic, 'Ben was here');
    await comment(t, ana, posts.caiPublic, 'Ana was here');
    expect((await like(ben, posts.anaPublic)).statusCode).toBe(200);
  }, SETUP_TIMEOUT_MS);

  it('hides the two from each other on every path, both ways, ends their friendship and closes their chat', async () => {
    const conversation = await conversationOf(t.app, ana, ben);
    await say(t.app, ben, conversation.id, 'hello before the block');
    const sockets = await Promise.all([
      openLive(origin + chatPath(conversation.id, ana.profile.id), ana.access),
      openLive(origin + chatPath(conversation.id, ben.profile.id), ben.access),
    ]);
    expect((await notifications(ana)).some((item) => item.type_of_notification === 'post_like')).toBe(true);
    const friendsBefore = [(await me(ana)).friends_count, (await me(ben)).friends_count];

    const blocked = await relate(t, ana, ben.profile.slug, 'block');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ message: 'profile blocked' });
    expect((await relate(t, ana, ben.profile.slug, 'block')).json()).toEqual({ message: 'profile blocked' });
    // The friendship ended, counted off both; their open chat closed at once.
    expect([(await me(ana)).friends_count, (await me(ben)).friends_count]).toEqual(friendsBefore.map((count) => count - 1));
    expect(await Promise.all(sockets.map((socket) => socket.closed()))).toEqual([4403, 4403]);

    for (const [viewer, other] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const otherPosts = other === ben ? [posts.benPublic, posts.benPrivate] : [posts.anaPublic];
      const seen = (ids: string[]) => ids.filter((id) => otherPosts.includes(id));
      expect((await get(`/api/social-posts/profile/${other.profile.slug}/`, viewer)).status).toBe(404);
      expect((await get(`/api/social-posts/profile/${other.profile.slug}/?page=last`, viewer)).status).toBe(404);
      expect((await get(`/api/social-profiles/friends/${other.profile.slug}/`, viewer)).status).toBe(404);
      expect((await get(`/api/social-posts/${otherPosts[0]}/`, viewer)).status).toBe(404);
      expect((await get(`/api/social-posts/${otherPosts[0]}/history/`, viewer)).status).toBe(404);
      expect(seen(await feed(viewer))).toEqual([]);
      expect(seen(await feed(viewer, 'public'))).toEqual([]);
      expect(seen(idsOf((await get<FeedPage>(`/api/social-posts/?trend=${tag}`, viewer)).body))).toEqual([]);
      const search = await searchIds(viewer, word);
      expect(seen(search.posts)).toEqual([]);
      expect(search.people).not.toContain(other.profile.id);
      const everywhere = await portalSearch(viewer, `Quorra${word}`);
      expect(everywhere.people).not.toContain(other.profile.id);
      expect(seen((await portalSearch(viewer, word)).posts)).toEqual([]);
      const suggested = await get<Profile[]>('/api/social-profiles/friends/suggested/', viewer);
      expect(suggested.body.map((person) => person.id)).not.toContain(other.profile.id);
      const mentionable = await get<Profile[]>(
        `/api/social-profiles/mention-suggestions/?q=${other.profile.slug.slice(0, 6)}`,
        viewer,
      );
      expect(mentionable.body.map((person) => person.id)).not.toContain(other.profile.id);
      // No friend request, no chat: 403, whoever blocked whom.
      const request = await t.app.inject({
        method: 'POST',
        url: `/api/social-profiles/friends/${other.profile.slug}/request/`,
        headers: viewer.headers,
      });
      expect(request.statusCode).toBe(403);
      expect(request.json()).toEqual({ detail: 'You cannot send a friend request to this person.' });
      expect((await getOrCreate(t.app, viewer, other.profile.slug)).statusCode).toBe(403);
      expect((await get(`/api/social-chat/${conversation.id}/`, viewer)).status).toBe(403);
      const sent = await sendMessage(t.app, viewer, conversation.id, { body: 'still there?' });
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toEqual({ detail: 'You cannot chat with this person.' });
      const chats = await get<{ id: string }[]>('/api/social-chat/', viewer);
      expect(chats.body.map((chat) => chat.id)).not.toContain(conversation.id);
      const socket = await openLive(origin + chatPath(conversation.id, viewer.profile.id), viewer.access);
      expect(await socket.closed()).toBe(4403);
      // Nothing they do reaches the other: no likes, comments or mentions, and no notification.
      expect((await like(viewer, otherPosts[0]!)).statusCode).toBe(404);
      await post(t, viewer, `Hello @${other.profile.slug} are you there`);
      await comment(t, viewer, posts.caiPublic, `@${other.profile.slug} look at this`);
      expect((await notifications(other)).filter((item) => item.body.includes(viewer.person.first_name))).toEqual([]);
    }

    // Likes and comments made before stay counted, but the blocker sees none of the blocked person's.
    const caiPost = (await get<{ post: PostDetail }>(`/api/social-posts/${posts.caiPublic}/`, ana)).body.post;
    expect(caiPost.comments.map((item) => item.body)).toEqual(['Ana was here', `@${ben.profile.slug} look at this`]);
    expect(caiPost.comments_count).toBe(4);
    const benSees = (await get<{ post: PostDetail }>(`/api/social-posts/${posts.caiPublic}/`, ben)).body.post;
    expect(benSees.comments.map((item) => item.body)).toEqual(['Ben was here', `@${ana.profile.slug} look at this`]);
    expect((await get<{ post: PostDetail }>(`/api/social-posts/${posts.anaPublic}/`, ana)).body.post.likes_count).toBe(1);
    expect((await notifications(ana)).filter((item) => item.type_of_notification === 'post_like')).toEqual([]);

    // A third person and visitors see both as before; what the blocker reads is never cached for others.
    expect(await feed(cai)).toEqual(expect.arrayContaining([posts.benPublic, posts.anaPublic]));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/social-posts/?page_size=100' });
    expect(idsOf(anonymous.json() as FeedPage)).toEqual(expect.arrayContaining([posts.benPublic, posts.anaPublic]));
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/social-posts/?page_size=100', headers: ana.headers });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/social-posts/?page_size=100' });
    expect(again.headers['x-cache']).toBe('hit');
    expect(idsOf(again.json() as FeedPage)).toContain(posts.benPublic);
  });

  it('ends pending friend requests both ways; lists the people blocked, a page at a time; unblocking lets them meet again', async () => {
    const [asker, asked] = [await socialUser(t), await socialUser(t)];
    await t.app.inject({
      method: 'POST',
      url: `/api/social-profiles/friends/${ana.profile.slug}/request/`,
      headers: asker.headers,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/social-profiles/friends/${asked.profile.slug}/request/`,
      headers: ana.headers,
    });
    const own = async () => (await get<FriendsAnswer>(`/api/social-profiles/friends/${ana.profile.slug}/`, ana)).body;
    expect((await own()).requests.map((request) => request.created_by.id)).toContain(asker.profile.id);
    await relate(t, ana, asker.profile.slug, 'block');
    await relate(t, ana, asked.profile.slug, 'block');
    expect((await own()).requests.map((request) => request.created_by.id)).not.toContain(asker.profile.id);
    const theirs = await get<FriendsAnswer>(`/api/social-profiles/friends/${asked.profile.slug}/`, asked);
    expect(theirs.body.requests).toEqual([]);

    const first = await get<ProfileListPage>('/api/social-profiles/blocks/?page_size=2', ana);
    expect(first.body.results.map((person) => person.id)).toEqual([asked.profile.id, asker.profile.id]);
    expect(first.body.results[0]).toMatchObject({ blocked: true, muted: false, bio: '', header_url: null, email: '' });
    const second = await get<ProfileListPage>(pathOf(first.body.next!), ana);
    expect(second.body).toMatchObject({ next: null, results: [{ id: ben.profile.id, blocked: true }] });
    expect((await get('/api/social-profiles/blocks/?cursor=bogus', ana)).status).toBe(404);

    expect((await relate(t, ana, ben.profile.slug, 'block', 'DELETE')).json()).toEqual({ message: 'profile unblocked' });
    expect((await relate(t, ana, ben.profile.slug, 'block', 'DELETE')).statusCode).toBe(200);
    const profile = await get<{ results: { profile: ProfileDetail; posts: { id: string }[] } }>(
      `/api/social-posts/profile/${ben.profile.slug}/`,
      ana,
    );
    expect(profile.status).toBe(200);
    expect(profile.body.results.profile).toMatchObject({ blocked: false, muted: false });
    // Not friends again: the public posts show, not the private one.
    expect(profile.body.results.posts.map((item) => item.id)).toContain(posts.benPublic);
    expect(profile.body.results.posts.map((item) => item.id)).not.toContain(posts.benPrivate);
    expect((await get('/api/social-profiles/blocks/', ana)).body).toMatchObject({
      results: [{ id: asked.profile.id }, { id: asker.profile.id }],
    });
  });

  it('refuses yourself (400), an unknown person (404) and anonymous callers (401), changing nothing', async () => {
    const [self, unknown, anonymous] = await Promise.all([
      relate(t, cai, cai.profile.slug, 'block'),
      relate(t, cai, 'no-such-person', 'block'),
      relate(t, undefined, ana.profile.slug, 'block'),
    ]);
    expect([self.statusCode, unknown.statusCode, anonymous.statusCode]).toEqual([400, 404, 401]);
    expect(self.json()).toEqual({ detail: 'You cannot block yourself.' });
    expect((await relate(t, cai, cai.profile.slug, 'mute')).statusCode).toBe(400);
    expect((await get('/api/social-profiles/blocks/')).status).toBe(401);
    expect((await get('/api/social-profiles/mutes/')).status).toBe(401);
    expect((await get<ProfileListPage>('/api/social-profiles/blocks/', cai)).body).toEqual({ next: null, results: [] });
  });
});

describe('a mute', () => {
  it("hides the muted person's posts, comments and notifications from the muter only; their profile stays", async () => {
    const [gus, hal] = [await socialUser(t), await socialUser(t)];
    await befriend(t, gus, hal);
    const gusPost = (await post(t, gus, `Gus outdoors ${word} #${tag}`)).id;
    const halPost = (await post(t, hal, `Hal outdoors ${word} #${tag}`)).id;
    await comment(t, hal, gusPost, 'Hal said this before');
    expect((await notifications(gus)).some((item) => item.type_of_notification === 'post_comment')).toBe(true);

    expect((await relate(t, gus, hal.profile.slug, 'mute')).json()).toEqual({ message: 'profile muted' });
    await like(hal, gusPost);
    await comment(t, hal, gusPost, `Hal again, @${gus.profile.slug}`);
    expect(await notifications(gus)).toEqual([]);

    expect(await feed(gus)).not.toContain(halPost);
    expect(await feed(gus, 'public')).not.toContain(halPost);
    expect(idsOf((await get<FeedPage>(`/api/social-posts/?trend=${tag}`, gus)).body)).not.toContain(halPost);
    expect((await searchIds(gus, word)).posts).not.toContain(halPost);
    const detail = (await get<{ post: PostDetail }>(`/api/social-posts/${gusPost}/`, gus)).body.post;
    expect(detail.comments).toEqual([]);
    expect(detail.comments_count).toBe(2);
    // Their page and posts are still there when asked for, saying they are muted; they can still be found.
    const page = await get<{ results: { profile: ProfileDetail; posts: { id: string }[] } }>(
      `/api/social-posts/profile/${hal.profile.slug}/`,
      gus,
    );
    expect(page.body.results.profile).toMatchObject({ muted: true, blocked: false });
    expect(page.body.results.posts.map((item) => item.id)).toEqual([halPost]);
    expect((await get(`/api/social-posts/${halPost}/`, gus)).status).toBe(200);
    expect((await searchIds(gus, hal.person.last_name)).people).toContain(hal.profile.id);
    // The muted person sees the muter as before.
    expect(await feed(hal)).toContain(gusPost);
    expect((await get<{ post: PostDetail }>(`/api/social-posts/${gusPost}/`, hal)).body.post.comments).toHaveLength(2);

    const muted = await get<ProfileListPage>('/api/social-profiles/mutes/', gus);
    expect(muted.body).toMatchObject({ next: null, results: [{ id: hal.profile.id, muted: true, blocked: false }] });
    expect((await relate(t, gus, hal.profile.slug, 'mute', 'DELETE')).json()).toEqual({ message: 'profile unmuted' });
    expect(await feed(gus)).toContain(halPost);
    // What came while muted was never kept; what came before shows again.
    expect((await notifications(gus)).map((item) => item.type_of_notification).sort()).toEqual([
      'accepted_friendrequest',
      'post_comment',
    ]);
  });
});
