import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, Notification } from '@portal/contracts';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { chatPath, conversationOf, framesOf, notificationPath, openLive, say } from './support/chat.js';
import { openTestSocket } from './support/socket-client.js';
import { SETUP_TIMEOUT_MS, befriend, getJson, post, socialUser, type SocialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let origin: string;
let ana: SocialUser;
let ben: SocialUser;
let cara: SocialUser;
let talk: ConversationDetail;

beforeAll(async () => {
  t = await createTestApp({ SOCKET_PING_INTERVAL: '300ms' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Live' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Live' });
  cara = await socialUser(t, { first_name: 'Cara', last_name: 'Outsider' });
  talk = await conversationOf(t.app, ana, ben);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

const chatUrl = (user: SocialUser, conversationId = talk.id) => origin + chatPath(conversationId, user.profile.id);
const notificationUrl = (user: SocialUser) => origin + notificationPath(user.profile.id);

describe('refusals (deviation 1): nothing is sent, then the socket closes', () => {
  it('closes 4401 without a token or with a bad one', async () => {
    for (const [url, access] of [
      [chatUrl(ana), undefined],
      [chatUrl(ana), 'forged.token.value'],
      [notificationUrl(ana), undefined],
      [notificationUrl(ana), 'forged.token.value'],
    ] as const) {
      const client = await openLive(url, access);
      expect(await client.closed()).toBe(4401);
      expect(client.events).toEqual([]);
    }
  });

  it("closes 4403 when the path's profile id is not the caller's", async () => {
    for (const url of [chatUrl(ben), notificationUrl(ben)]) {
      const client = await openLive(url, ana.access);
      expect(await client.closed()).toBe(4403);
      expect(client.events).toEqual([]);
    }
  });

  it('closes 4403 for an account without a social profile', async () => {
    const { person } = await registerActivated(t.app, t.mail, 'taberna');
    const { access } = await socialLogin(t.app, person);
    for (const url of [notificationUrl(ana), chatUrl(ana)]) {
      const client = await openLive(url, access);
      expect(await client.closed()).toBe(4403);
      expect(client.events).toEqual([]);
    }
  });

  it('closes 4403 for a conversation the caller is not in, an unknown one and a malformed id', async () => {
    for (const id of [talk.id, '00000000-0000-4000-8000-000000000000', 'abc-def']) {
      const client = await openLive(chatUrl(cara, id), cara.access);
      expect(await client.closed()).toBe(4403);
      expect(client.events).toEqual([]);
    }
  });
});

describe('delivery', () => {
  it('sends every message to every open chat socket of both members, the sender included', async () => {
    const anaPhone = await openLive(chatUrl(ana), ana.access);
    const anaLaptop = await openLive(chatUrl(ana), ana.access, true);
    const benPhone = await openLive(chatUrl(ben), ben.access);
    const legacy = await openLive(`${origin}/wss/social-chat/${talk.id}/${ben.profile.id}/`, ben.access);
    const sent = await say(t.app, ana, talk.id, 'Live hello');
    for (const client of [anaPhone, anaLaptop, benPhone, legacy]) {
      const frame = await client.until((event) => typeof event.message === 'object');
      expect(frame).toEqual({ message: sent });
    }
    await say(t.app, ben, talk.id, 'Live answer');
    await anaPhone.until((event) => (event.message as { body?: string })?.body === 'Live answer');
    expect(framesOf(anaPhone).map((message) => message.body)).toEqual(['Live hello', 'Live answer']);
    for (const client of [anaPhone, anaLaptop, benPhone, legacy]) client.socket.close();
  });

  it('delivers a burst sent at once to every socket exactly once, in one same order', async () => {
    const sockets = await Promise.all([
      openLive(chatUrl(ana), ana.access),
      openLive(chatUrl(ana), ana.access),
      openLive(chatUrl(ben), ben.access),
    ]);
    const before = framesOf(sockets[0]!).length;
    const bodies = Array.from({ length: 30 }, (_, n) => `Burst ${n}`);
    // Concurrent sends: frames of one event-loop turn leave each socket in one batch.
    const sent = await Promise.all(bodies.map((body) => say(t.app, ana, talk.id, body)));
    for (const client of sockets) {
      await client.until(() => framesOf(client).length >= before + bodies.length);
      // The server declined permessage-deflate, which ws offers as browsers do.
      expect(client.socket.extensions).toBe('');
    }
    const orders = sockets.map((client) => framesOf(client).slice(-bodies.length));
    expect(orders[0]!.map((message) => message.id).sort()).toEqual(sent.map((message) => message.id).sort());
    for (const order of orders) expect(order).toEqual(orders[0]);
    for (const client of sockets) client.socket.close();
  });

  it('delivers the messages of one sender who waits for each in the order sent', async () => {
    const benSocket = await openLive(chatUrl(ben), ben.access);
    const bodies = Array.from({ length: 10 }, (_, n) => `In order ${n}`);
    for (const body of bodies) await say(t.app, ana, talk.id, body);
    await benSocket.until((event) => (event.message as { body?: string })?.body === bodies.at(-1));
    expect(framesOf(benSocket).map((message) => message.body)).toEqual(bodies);
    benSocket.socket.close();
  });

  it('does not send a conversation to the sockets of another one', async () => {
    const other = await conversationOf(t.app, ana, cara);
    const caraSocket = await openLive(chatUrl(cara, other.id), cara.access);
    await say(t.app, ana, talk.id, 'Only for Ben');
    await say(t.app, ana, other.id, 'For Cara');
    await caraSocket.until((event) => (event.message as { body?: string })?.body === 'For Cara');
    expect(framesOf(caraSocket).map((message) => message.body)).toEqual(['For Cara']);
    caraSocket.socket.close();
  });

  it('pushes each new notification type on the notification socket: messages, friend requests, likes, comments', async () => {
    const benNotes = await openLive(notificationUrl(ben), ben.access);
    const anaNotes = await openLive(notificationUrl(ana), ana.access);
    expect(benNotes.events).toEqual([{ ready: true }]);
    await say(t.app, ana, talk.id, 'Ping');
    expect(await benNotes.until((event) => event.message === 'chat_message')).toEqual({ message: 'chat_message' });
    await befriend(t, ben, ana);
    await anaNotes.until((event) => event.message === 'new_friendrequest');
    await benNotes.until((event) => event.message === 'accepted_friendrequest');
    const { id } = await post(t, ben, 'Like this');
    await t.app.inject({ method: 'POST', url: `/api/social-posts/${id}/like/`, headers: ana.headers });
    await benNotes.until((event) => event.message === 'post_like');
    // The sender of a message hears nothing on their own notification socket.
    expect(anaNotes.events.some((event) => event.message === 'chat_message')).toBe(false);
    benNotes.socket.close();
    anaNotes.socket.close();
  });

  it('ignores frames from the client, even bad ones, and stays open', async () => {
    const client = await openLive(chatUrl(ana), ana.access);
    client.socket.send('not json');
    client.socket.send(JSON.stringify({ message: { body: 'forged' } }));
    client.socket.send(Buffer.from([0, 1, 2]));
    await say(t.app, ben, talk.id, 'Still here');
    await client.until((event) => (event.message as { body?: string })?.body === 'Still here');
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(framesOf(client).map((message) => message.body)).toEqual(['Still here']);
    client.socket.close();
  });
});

describe('an open chat is being read', () => {
  it('makes no notification for a message to someone who has that chat open, and opening it reads the earlier ones', async () => {
    const gil = await socialUser(t, { first_name: 'Gil', last_name: 'Writer' });
    const hal = await socialUser(t, { first_name: 'Hal', last_name: 'Reader' });
    const chat = await conversationOf(t.app, gil, hal);
    const chatNotes = async (user: SocialUser) =>
      (await getJson<Notification[]>(t, '/api/social-notifications/', user)).body.filter(
        (item) => item.type_of_notification === 'chat_message',
      );
    await say(t.app, gil, chat.id, 'While away 1');
    await say(t.app, gil, chat.id, 'While away 2');
    expect(await chatNotes(hal)).toHaveLength(2);

    const halNotes = await openLive(notificationUrl(hal), hal.access);
    const halChat = await openLive(chatUrl(hal, chat.id), hal.access);
    expect(await chatNotes(hal)).toEqual([]);
    await say(t.app, gil, chat.id, 'While reading');
    await halChat.until((event) => (event.message as { body?: string })?.body === 'While reading');
    expect(await chatNotes(hal)).toEqual([]);
    expect(halNotes.events.some((event) => event.message === 'chat_message')).toBe(false);

    // Gil does not have the chat open: Hal's answer notifies him.
    await say(t.app, hal, chat.id, 'Answer');
    expect(await chatNotes(gil)).toHaveLength(1);

    // Once Hal closes the chat, Gil's messages notify him again.
    halChat.socket.close();
    await halChat.closed();
    await vi.waitFor(async () => {
      await say(t.app, gil, chat.id, 'Are you there?');
      expect((await chatNotes(hal)).length).toBeGreaterThan(0);
    });
    await halNotes.until((event) => event.message === 'chat_message');
    halNotes.socket.close();
  });
});

describe('socket lifetime', () => {
  it('closes the sockets of a session with 4401 when it logs out, and no others', async () => {
    const dana = await socialUser(t, { first_name: 'Dana', last_name: 'Leaving' });
    const other = await socialUser(t, { first_name: 'Eli', last_name: 'Staying' });
    const withDana = await conversationOf(t.app, dana, other);
    const chat = await openLive(chatUrl(dana, withDana.id), dana.access);
    const notes = await openLive(notificationUrl(dana), dana.access);
    const stays = await openLive(chatUrl(other, withDana.id), other.access);
    const revoked = await t.app.inject({ method: 'POST', url: '/api/v1/token/revoke/', payload: { refresh: dana.refresh } });
    expect(revoked.statusCode).toBe(204);
    expect(await chat.closed()).toBe(4401);
    expect(await notes.closed()).toBe(4401);
    // The revoked token cannot open a new one either.
    expect(await (await openLive(notificationUrl(dana), dana.access)).closed()).toBe(4401);
    await say(t.app, other, withDana.id, 'Still talking');
    await stays.until((event) => (event.message as { body?: string })?.body === 'Still talking');
    stays.socket.close();
  });

  it("closes the other sessions' sockets when the password changes, keeping the changer's", async () => {
    const fay = await socialUser(t, { first_name: 'Fay', last_name: 'Rotating' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/token/',
      payload: { email: fay.person.email, password: fay.person.password },
    });
    const second = (login.json() as { access: string }).access;
    const kept = await openLive(notificationUrl(fay), fay.access);
    const ended = await openLive(notificationUrl(fay), second);
    const form = new FormData();
    form.append('old_password', fay.person.password);
    form.append('new_password1', 'harbour-violet-2031');
    form.append('new_password2', 'harbour-violet-2031');
    const body = new Response(form);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/editpassword/',
      headers: { ...fay.headers, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(changed.json()).toEqual({ message: 'success' });
    expect(await ended.closed()).toBe(4401);
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.socket.close();
  });

  it('closes the chat and notification sockets of every session with 4401 when the password is reset', async () => {
    const gus = await socialUser(t, { first_name: 'Gus', last_name: 'Forgetful' });
    const friend = await socialUser(t, { first_name: 'Hana', last_name: 'Staying' });
    const withGus = await conversationOf(t.app, gus, friend);
    const phone = await socialLogin(t.app, gus.person);
    const sockets = [
      await openLive(chatUrl(gus, withGus.id), gus.access),
      await openLive(notificationUrl(gus), gus.access),
      await openLive(chatUrl(gus, withGus.id), phone.access, true),
      await openLive(notificationUrl(gus), phone.access, true),
    ];
    const stays = await openLive(notificationUrl(friend), friend.access);
    expect(sockets.every((client) => client.events.some((event) => event.ready === true))).toBe(true);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authusers/reset_password/',
      payload: { email: gus.person.email },
    });
    expect(asked.statusCode).toBe(204);
    const [, uid, token] = /\/reset-password\/([^/]+)\/([^/]+)$/.exec(t.mail.lastLinkTo(gus.person.email))!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authusers/reset_password_confirm/',
      payload: { uid, token, new_password: 'harbour-violet-2032' },
    });
    expect(reset.statusCode).toBe(204);
    for (const client of sockets) expect(await client.closed()).toBe(4401);
    // Gus logs in again with the new password; his friend's socket, open all along, hears from him.
    const again = await socialLogin(t.app, { ...gus.person, password: 'harbour-violet-2032' });
    await say(t.app, { ...gus, headers: bearer(again.access) }, withGus.id, 'Back in');
    await stays.until((event) => event.message === 'chat_message');
    expect(stays.socket.readyState).toBe(WebSocket.OPEN);
    stays.socket.close();
  });

  it('terminates a socket that stops answering pings', async () => {
    const socket = new WebSocket(notificationUrl(ana), ['bearer', ana.access], { autoPong: false });
    const frames: string[] = [];
    let pings = 0;
    socket.on('message', (data) => frames.push(String(data)));
    socket.on('ping', () => (pings += 1));
    const code = await new Promise<number>((resolve) => socket.on('close', (closeCode) => resolve(closeCode)));
    // It was admitted and pinged, then terminated without a closing handshake: the client sees 1006.
    expect(frames).toEqual([JSON.stringify({ ready: true })]);
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(code).toBe(1006);
  });

  it('keeps a socket that answers pings', async () => {
    const client = await openLive(notificationUrl(ana), ana.access);
    let pings = 0;
    client.socket.on('ping', () => (pings += 1));
    // A socket that missed one ping is terminated at the next: three answered pings prove it stays.
    await vi.waitFor(() => expect(pings).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it('after a dropped socket, a re-fetch over REST finds what was sent meanwhile, once', async () => {
    const first = await openLive(chatUrl(ben), ben.access);
    const before = await say(t.app, ana, talk.id, 'Before the drop');
    await first.until((event) => (event.message as { id?: string })?.id === before.id);
    first.socket.terminate();
    const missed = await say(t.app, ana, talk.id, 'While away');
    const again = await openLive(chatUrl(ben), ben.access);
    // The client re-fetches after `ready`: the message sent while away is there, exactly once.
    const detail = (await getJson<ConversationDetail>(t, `/api/social-chat/${talk.id}/`, ben)).body;
    const ids = detail.messages.map((message) => message.id);
    expect(ids.filter((id) => id === missed.id)).toHaveLength(1);
    expect(ids.indexOf(before.id)).toBeLessThan(ids.indexOf(missed.id));
    const after = await say(t.app, ana, talk.id, 'After the return');
    await again.until((event) => (event.message as { id?: string })?.id === after.id);
    expect(framesOf(again).map((message) => message.id)).toEqual([after.id]);
    again.socket.close();
  });
});

it('answers plain HTTP on a socket path without upgrading', async () => {
  for (const url of [chatPath(talk.id, ana.profile.id), notificationPath(ana.profile.id), '/ws/ai-lab/realtime/']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(426);
    expect(response.headers.upgrade).toBe('websocket');
    expect(response.json()).toEqual({ detail: 'This address only takes websocket connections.' });
  }
  expect(await openTestSocket(`${origin}/ws/notification/abc/`, ['bearer', ana.access]).then((c) => c.closed())).toBe(4403);
});

it("opens both sockets with the README's one-line changes for other clients (deviation 1)", async () => {
  const readme = await fs.readFile(new URL('../../../README.md', import.meta.url), 'utf8');
  const urls = [...readme.matchAll(/^new WebSocket\(`(.+)`\);$/gm)].map(([, template]) =>
    template!
      .replace('${wsBase}', origin)
      .replace('${profileId}', String(ana.profile.id))
      .replace('${conversationId}', talk.id)
      .replace("${localStorage.getItem('access')}", ana.access),
  );
  expect(urls.map((url) => new URL(url).pathname.split('/')[2])).toEqual(['notification', 'social-chat']);
  for (const url of urls) {
    const client = await openLive(url, undefined);
    expect(client.events, url).toEqual([{ ready: true }]);
    client.socket.close();
  }
});
