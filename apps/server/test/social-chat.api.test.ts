import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationDetail, Notification } from '@portal/contracts';
import { conversationMessages } from '../src/db/schema/index.js';
import { conversationOf, getOrCreate, say, sendMessage } from './support/chat.js';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { SETUP_TIMEOUT_MS, getJson, socialUser, type SocialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let ana: SocialUser;
let ben: SocialUser;
let cara: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Chatter' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Replier' });
  cara = await socialUser(t, { first_name: 'Cara', last_name: 'Stranger' });
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const messageCount = async () => (await t.database.db.select().from(conversationMessages)).length;

describe('get-or-create (contract §6.2)', () => {
  it('starts one conversation per pair, whoever asks and however often, and answers its detail', async () => {
    const first = await getOrCreate(t.app, ana, ben.profile.slug);
    expect(first.statusCode).toBe(200);
    const detail = first.json() as ConversationDetail;
    expect(detail).toMatchObject({
      users: [ana.profile.id, ben.profile.id].sort((a, b) => a - b),
      messages: [],
      has_older: false,
    });
    expect(detail.modified_at_formatted).toBe('0\u00a0minutes');
    const again = await Promise.all([getOrCreate(t.app, ana, ben.profile.slug), getOrCreate(t.app, ben, ana.profile.slug)]);
    expect(again.map((response) => (response.json() as ConversationDetail).id)).toEqual([detail.id, detail.id]);
  });

  it('refuses a conversation with oneself (400) and an unknown person (404)', async () => {
    const self = await getOrCreate(t.app, ana, ana.profile.slug);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ detail: 'You cannot start a conversation with yourself.' });
    const unknown = await getOrCreate(t.app, ana, 'nobody-here-1234');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No Profile matches the given query.' });
  });

  it('needs a login (401) and a social profile (404)', async () => {
    const anonymous = await getOrCreate(t.app, undefined, ben.profile.slug);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const { person } = await registerActivated(t.app, t.mail, 'taberna');
    const shopper = bearer((await socialLogin(t.app, person)).access);
    const noProfile = await getOrCreate(t.app, { headers: shopper }, ben.profile.slug);
    expect(noProfile.statusCode).toBe(404);
    expect(noProfile.json()).toEqual({ message: 'Profile does not exist for this user' });
  });
});

describe('sending (contract §6.4)', () => {
  it('stores the trimmed message, answers it, and notifies the other person with chat_message', async () => {
    const { id } = await conversationOf(t.app, ana, ben);
    const response = await sendMessage(t.app, ana, id, { body: '  Hello Ben!  ' });
    expect(response.statusCode).toBe(200);
    const message = response.json();
    expect(message).toMatchObject({
      body: 'Hello Ben!',
      created_by: { id: ana.profile.id, first_name: 'Ana', slug: ana.profile.slug },
      sent_to: { id: ben.profile.id },
      created_at_formatted: '0\u00a0minutes',
    });
    const notes = (await getJson<Notification[]>(t, '/api/social-notifications/', ben)).body;
    expect(notes[0]).toMatchObject({
      type_of_notification: 'chat_message',
      body: 'Ana Chatter sent you a message!',
      post_id: null,
      created_for_id: ben.profile.id,
    });
    expect((await getJson<Notification[]>(t, '/api/social-notifications/', ana)).body).toHaveLength(0);
  });

  it('accepts 4000 characters and refuses blank, missing, too long and non-text bodies without storing anything', async () => {
    const { id } = await conversationOf(t.app, ana, ben);
    expect((await sendMessage(t.app, ana, id, { body: 'x'.repeat(4000) })).statusCode).toBe(200);
    const before = await messageCount();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ body: '   ' }, { body: ['This field may not be blank.'] }],
      [{}, { body: ['This field is required.'] }],
      [{ body: null }, { body: ['This field may not be null.'] }],
      [{ body: 'y'.repeat(4001) }, { body: ['Ensure this field has no more than 4000 characters.'] }],
      [{ body: 42 }, { body: ['Not a valid string.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await sendMessage(t.app, ana, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await messageCount()).toBe(before);
  });

  it('is for members only: a stranger, an unknown id and a malformed id all get the same 404; anonymous 401', async () => {
    const { id } = await conversationOf(t.app, ana, ben);
    const before = await messageCount();
    for (const target of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await sendMessage(t.app, cara, target, { body: 'Let me in' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(target === 'not-a-uuid' ? { detail: 'Not found.' } : { detail: 'Conversation not found.' });
    }
    const anonymous = await sendMessage(t.app, undefined, id, { body: 'Hi' });
    expect(anonymous.statusCode).toBe(401);
    expect(await messageCount()).toBe(before);
    expect((await getJson<Notification[]>(t, '/api/social-notifications/', ben)).body.some((n) => n.body.includes('Cara'))).toBe(
      false,
    );
  });
});

describe('reading (contract §6.1, §6.3)', () => {
  it("counts each conversation's unread messages for the caller, and not the caller's own", async () => {
    const dan = await socialUser(t, { first_name: 'Dan', last_name: 'Counted' });
    const eve = await socialUser(t, { first_name: 'Eve', last_name: 'Counted' });
    const fox = await socialUser(t, { first_name: 'Fox', last_name: 'Counted' });
    const withEve = await conversationOf(t.app, dan, eve);
    const withFox = await conversationOf(t.app, fox, dan);
    await say(t.app, eve, withEve.id, 'One');
    await say(t.app, eve, withEve.id, 'Two');
    await say(t.app, fox, withFox.id, 'Three');
    await say(t.app, dan, withFox.id, 'Mine');
    const countsOf = async (user: SocialUser) =>
      Object.fromEntries((await getJson<Conversation[]>(t, '/api/social-chat/', user)).body.map((c) => [c.id, c.unread_count]));
    expect(await countsOf(dan)).toEqual({ [withEve.id]: 2, [withFox.id]: 1 });
    expect(await countsOf(eve)).toEqual({ [withEve.id]: 0 });
    expect(await countsOf(fox)).toEqual({ [withFox.id]: 1 });
    // Reading the notifications reads the chats.
    await t.app.inject({ method: 'POST', url: '/api/social-notifications/read-all/', headers: dan.headers });
    expect(await countsOf(dan)).toEqual({ [withEve.id]: 0, [withFox.id]: 0 });
  });

  it('lists conversations newest activity first with both people and the last message', async () => {
    const withBen = await conversationOf(t.app, ana, ben);
    const withCara = await conversationOf(t.app, cara, ana);
    await say(t.app, cara, withCara.id, 'Cara here');
    let list = (await getJson<Conversation[]>(t, '/api/social-chat/', ana)).body;
    expect(list.map((c) => c.id)).toEqual([withCara.id, withBen.id]);
    expect(list[0]!.users.map((u) => u.id).sort()).toEqual([ana.profile.id, cara.profile.id].sort());
    expect(list[0]!.last_message).toMatchObject({ body: 'Cara here', created_by_id: cara.profile.id });
    await say(t.app, ben, withBen.id, 'Ben again');
    list = (await getJson<Conversation[]>(t, '/api/social-chat/', ana)).body;
    expect(list.map((c) => c.id)).toEqual([withBen.id, withCara.id]);
    expect(list[0]!.last_message?.body).toBe('Ben again');
    // Ben is not in Cara's conversation.
    expect((await getJson<Conversation[]>(t, '/api/social-chat/', ben)).body.map((c) => c.id)).toEqual([withBen.id]);
    expect((await getJson(t, '/api/social-chat/')).status).toBe(401);
  });

  it('shows members the messages oldest first, in pages backwards; strangers get 404', async () => {
    const dana = await socialUser(t, { first_name: 'Dana', last_name: 'Pager' });
    const { id } = await conversationOf(t.app, dana, ben);
    const sent: string[] = [];
    for (let i = 0; i < 53; i += 1) sent.push((await say(t.app, i % 2 ? ben : dana, id, `message ${i}`)).id);
    const first = await getJson<ConversationDetail>(t, `/api/social-chat/${id}/`, dana);
    expect(first.status).toBe(200);
    expect(first.body.users).toEqual([dana.profile.id, ben.profile.id].sort((a, b) => a - b));
    expect(first.body.messages.map((m) => m.id)).toEqual(sent.slice(3));
    expect(first.body.has_older).toBe(true);
    expect(first.body.messages[0]).toMatchObject({ body: 'message 3', created_by: { id: ben.profile.id } });
    const older = await getJson<ConversationDetail>(t, `/api/social-chat/${id}/?before=${sent[3]}`, ben);
    expect(older.body.messages.map((m) => m.id)).toEqual(sent.slice(0, 3));
    expect(older.body.has_older).toBe(false);

    const bad = await getJson(t, `/api/social-chat/${id}/?before=nope`, dana);
    expect(bad).toEqual({ status: 400, body: { before: ['Must be a valid UUID.'] } });
    const foreign = await getJson(t, `/api/social-chat/${id}/?before=00000000-0000-4000-8000-000000000000`, dana);
    expect(foreign).toEqual({ status: 400, body: { before: ['No such message in this conversation.'] } });
    expect(await getJson(t, `/api/social-chat/${id}/`, cara)).toEqual({
      status: 404,
      body: { detail: 'Conversation not found.' },
    });
    expect((await getJson(t, `/api/social-chat/${id}/`)).status).toBe(401);
  });
});
