import type { AddressInfo } from 'node:net';
import type { ConversationDetail } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatPath, conversationOf, openLive, say } from './support/chat.js';
import { SETUP_TIMEOUT_MS, getJson, socialUser, type SocialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 11.6 / 12.4: a chat event carries the message it announces, so delivering it to the
 * conversation's sockets reads nothing back from the database.
 */
let t: TestApp;
let origin: string;
let statements = 0;
let ana: SocialUser;
let ben: SocialUser;
let talk: ConversationDetail;

beforeAll(async () => {
  // The counts include the session check: the session cache (session-cache.api.test.ts) is off.
  t = await createTestApp({ SESSION_CACHE_TTL: 'off' }, () => {}, { onQuery: () => void (statements += 1) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ana = await socialUser(t, { first_name: 'Ana', last_name: 'Events' });
  ben = await socialUser(t, { first_name: 'Ben', last_name: 'Events' });
  talk = await conversationOf(t.app, ana, ben);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

describe('chat events', () => {
  it('reach every socket with the message and no statement beyond those of sending it', async () => {
    // Warm-up: the first send of a conversation may differ (caches, the other member's first notification).
    await say(t.app, ana, talk.id, 'warm-up');
    statements = 0;
    await say(t.app, ana, talk.id, 'nobody listens');
    const alone = statements;

    // Only the sender's sockets: the receiver's open chat would change what sending does (it marks read).
    const sockets = await Promise.all([0, 1, 2].map(() => openLive(origin + chatPath(talk.id, ana.profile.id), ana.access)));
    statements = 0;
    const sent = await say(t.app, ana, talk.id, 'three sockets listen');
    for (const socket of sockets) {
      expect(await socket.until((event) => (event.message as { id?: string } | undefined)?.id === sent.id)).toEqual({
        message: sent,
      });
    }
    expect(statements).toBe(alone);
    for (const socket of sockets) socket.socket.close();
  });

  it('sending is three statements: the session check (with the viewer), the message, its notification', async () => {
    await say(t.app, ana, talk.id, 'warm-up');
    statements = 0;
    const sent = await say(t.app, ana, talk.id, 'counted');
    expect(statements).toBe(3);
    // What the one statement answered: the stored message with both people.
    expect(sent).toMatchObject({ body: 'counted', created_by: { id: ana.profile.id }, sent_to: { id: ben.profile.id } });
    const stored = await getJson<ConversationDetail>(t, `/api/social-chat/${talk.id}/`, ana);
    expect(stored.body.messages.at(-1)).toEqual(sent);
  });

  it('authenticates a socket in one statement (session, account and profile), then checks the membership', async () => {
    statements = 0;
    const socket = await openLive(origin + chatPath(talk.id, ben.profile.id), ben.access);
    // The session check (one), the conversation's members, and marking its messages read.
    expect(statements).toBe(3);
    socket.socket.close();
    statements = 0;
    const notifications = await openLive(`${origin}/ws/notification/${ben.profile.id}/`, ben.access);
    expect(statements).toBe(1);
    notifications.socket.close();
  });
});
