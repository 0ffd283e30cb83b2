import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FriendsAnswer, Notification, Profile, ProfilePostsPage } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, befriend, getJson, socialUser, type SocialUser } from './support/social.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const send = (from: SocialUser | undefined, to: string) =>
  t.app.inject({ method: 'POST', url: `/api/social-profiles/friends/${to}/request/`, headers: from?.headers ?? {} });
const answer = (user: SocialUser | undefined, requester: string, status: string) =>
  t.app.inject({ method: 'POST', url: `/api/social-profiles/friends/${requester}/${status}/`, headers: user?.headers ?? {} });
const friendsOf = (user: SocialUser | undefined, slug: string) =>
  getJson<FriendsAnswer>(t, `/api/social-profiles/friends/${slug}/`, user);
const notifications = async (user: SocialUser) => (await getJson<Notification[]>(t, '/api/social-notifications/', user)).body;
const canSend = async (viewer: SocialUser | undefined, slug: string) =>
  (await getJson<ProfilePostsPage>(t, `/api/social-posts/profile/${slug}/`, viewer)).body.results.can_send_friendship_request;
const me = async (user: SocialUser) => (await getJson<Profile>(t, '/api/social-profiles/me/', user)).body;

describe('friend requests', () => {
  it('are sent once, answered by their recipient only, and each step notifies', async () => {
    const ana = await socialUser(t, { first_name: 'Ana', last_name: 'Lopes' });
    const ben = await socialUser(t, { first_name: 'Ben', last_name: 'Okafor' });
    const cid = await socialUser(t);

    expect(await canSend(undefined, ben.profile.slug)).toBe(false);
    expect(await canSend(ana, ana.profile.slug)).toBe(true);
    expect(await canSend(ana, ben.profile.slug)).toBe(true);

    expect((await send(undefined, ben.profile.slug)).statusCode).toBe(401);
    expect((await send(ana, 'nobody-here')).statusCode).toBe(404);
    const self = await send(ana, ana.profile.slug);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: 'You cannot send a friend request to yourself.' });

    expect((await send(ana, ben.profile.slug)).json()).toEqual({ message: 'friendship request created' });
    expect((await send(ana, ben.profile.slug)).json()).toEqual({ message: 'request already sent' });
    const crossing = await send(ben, ana.profile.slug);
    expect(crossing.statusCode).toBe(409);
    expect(await canSend(ana, ben.profile.slug)).toBe(false);
    expect(await canSend(ben, ana.profile.slug)).toBe(false);

    const [notice] = await notifications(ben);
    expect(notice).toMatchObject({
      body: 'Ana Lopes sent you a friend request!',
      type_of_notification: 'new_friendrequest',
      post_id: null,
      created_for_id: ben.profile.id,
    });

    const own = await friendsOf(ben, ben.profile.slug);
    expect(own.body.requests.map((request) => request.created_by.id)).toEqual([ana.profile.id]);
    expect((await friendsOf(cid, ben.profile.slug)).body.requests).toEqual([]);
    expect((await friendsOf(ana, ana.profile.slug)).body.requests).toEqual([]);

    // Only the recipient answers: the sender and a stranger get 404; a made-up status is 400.
    expect((await answer(ana, ben.profile.slug, 'accepted')).statusCode).toBe(404);
    expect((await answer(cid, ana.profile.slug, 'accepted')).statusCode).toBe(404);
    expect((await answer(undefined, ana.profile.slug, 'accepted')).statusCode).toBe(401);
    const strange = await answer(ben, ana.profile.slug, 'maybe');
    expect(strange.statusCode).toBe(400);
    expect(strange.json()).toEqual({ status: ['"maybe" is not a valid choice.'] });
    expect((await me(ana)).friends_count).toBe(0);

    const accepted = await answer(ben, ana.profile.slug, 'accepted');
    expect(accepted.json()).toEqual({ message: 'friendship request updated' });
    expect((await answer(ben, ana.profile.slug, 'accepted')).statusCode).toBe(404);
    expect((await me(ana)).friends_count).toBe(1);
    expect((await me(ben)).friends_count).toBe(1);
    expect((await friendsOf(cid, ana.profile.slug)).body.friends.map((friend) => friend.id)).toEqual([ben.profile.id]);
    expect((await friendsOf(ben, ben.profile.slug)).body).toMatchObject({ user: { friends_count: 1 }, requests: [] });
    expect((await notifications(ana))[0]).toMatchObject({
      body: 'Ben Okafor accepted your friend request!',
      type_of_notification: 'accepted_friendrequest',
    });
    expect(await canSend(ana, ben.profile.slug)).toBe(false);
    const again = await send(ana, ben.profile.slug);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You are already friends.' });
  });

  it('rejected requests say "rejected", notify, and are purged after seven days', async () => {
    const ana = await socialUser(t, { first_name: 'Ana', last_name: 'Rejected' });
    const ben = await socialUser(t, { first_name: 'Ben', last_name: 'Rejecter' });
    await send(ana, ben.profile.slug);
    expect((await answer(ben, ana.profile.slug, 'rejected')).json()).toEqual({ message: 'friendship request updated' });
    expect((await notifications(ana))[0]).toMatchObject({
      body: 'Ben Rejecter rejected your friend request!',
      type_of_notification: 'rejected_friendrequest',
    });
    expect(await canSend(ana, ben.profile.slug)).toBe('rejected');
    expect(await canSend(ben, ana.profile.slug)).toBe('rejected');
    expect((await send(ana, ben.profile.slug)).json()).toEqual({ message: 'request already sent' });
    expect((await me(ana)).friends_count).toBe(0);

    await t.app.scheduler.runNow('social-purge-rejected-requests');
    expect(await canSend(ana, ben.profile.slug)).toBe('rejected');
    await t.database.db.execute(
      sql`update social_friendship_requests set updated_at = now() - interval '8 days' where created_by_id = ${ana.profile.id}`,
    );
    await t.app.scheduler.runNow('social-purge-rejected-requests');
    expect(await canSend(ana, ben.profile.slug)).toBe(true);
  });

  it('the friends page needs a login and a real slug', async () => {
    const ana = await socialUser(t);
    expect((await friendsOf(undefined, ana.profile.slug)).status).toBe(401);
    const unknown = await friendsOf(ana, 'no-such-person');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Not found.' });
  });
});

describe('people you may know', () => {
  it('are friends of friends, never yourself, your friends or people a request links you with', async () => {
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => socialUser(t)));
    await befriend(t, a!, b!);
    await befriend(t, b!, c!);
    await befriend(t, c!, d!);
    await befriend(t, b!, e!);
    await befriend(t, c!, e!);
    const suggestions = async (user: SocialUser) =>
      (await getJson<Profile[]>(t, '/api/social-profiles/friends/suggested/', user)).body.map((profile) => profile.id);

    // a's friend b is friends with c and e: both are one mutual friend away from a.
    expect((await suggestions(a!)).sort()).toEqual([c!.profile.id, e!.profile.id].sort());
    // One mutual friend each: ties go by profile id.
    expect(await suggestions(d!)).toEqual([b!.profile.id, e!.profile.id].sort((x, y) => x - y));
    await send(a!, c!.profile.slug);
    expect(await suggestions(a!)).toEqual([e!.profile.id]);
    await answer(c!, a!.profile.slug, 'accepted');
    // Refreshed with the friendship: c is a friend now, and d comes in through c.
    expect((await suggestions(a!)).sort()).toEqual([d!.profile.id, e!.profile.id].sort());
    expect((await suggestions(a!))[0]).toBe(e!.profile.id);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/social-profiles/friends/suggested/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
