import { createAccountsRepository } from '../auth/accounts.repository.js';
import type { Database } from '../db/client.js';
import { createNotificationsRepository } from '../notifications/notifications.repository.js';
import { notificationBody } from '../notifications/index.js';
import { createChatRepository } from '../social/chat.repository.js';
import { createProfilesRepository, type ProfileRow } from '../social/profiles.repository.js';
import type { PersonKey } from './demo-social-content.js';
import type { SeedStep } from './seed-runner.js';

const MINUTE = 60_000;

/** Demo conversations: who talks with whom, each line [speaker, minutes ago, text]. */
export const DEMO_CONVERSATIONS: { between: [PersonKey, PersonKey]; lines: [PersonKey, number, string][] }[] = [
  {
    between: ['alice', 'bruno'],
    lines: [
      ['bruno', 300, 'Hi Alice! Did you see the photos from the harbour walk?'],
      ['alice', 295, 'I did, the one with the lighthouse is lovely.'],
      ['bruno', 290, 'Thanks! Same walk on Saturday? Chloé might come too.'],
      ['alice', 120, 'Saturday works. 10 o’clock at the bakery?'],
      ['bruno', 118, 'Perfect. I will bring the thermos.'],
      ['alice', 30, 'See you there!'],
    ],
  },
  {
    between: ['alice', 'chloe'],
    lines: [
      ['chloe', 1500, 'Alice, could you lend me your bike pump this week?'],
      ['alice', 1490, 'Of course, drop by any evening.'],
      ['chloe', 1480, 'Thank you, you are a star.'],
    ],
  },
  {
    between: ['daniel', 'alice'],
    lines: [
      ['alice', 45, 'Daniel, is the book club still on for Thursday?'],
      ['daniel', 12, 'Yes! We are reading the short stories this time.'],
    ],
  },
  {
    between: ['bruno', 'farah'],
    lines: [
      ['farah', 600, 'Bruno, your sourdough recipe worked on the first try!'],
      ['bruno', 590, 'Great to hear. Long proof in the fridge is the secret.'],
    ],
  },
];

async function profileOf(db: Database, key: PersonKey): Promise<ProfileRow | undefined> {
  const account = await createAccountsRepository(db).findByEmail(`${key}@example.com`);
  return account && (await createProfilesRepository(db).findByAccount(account.id));
}

/**
 * A few conversations between the demo people (runs once per database, after the social demo).
 * The newest message to Alice is unread, so her chat notification shows.
 */
export const demoChatStep: SeedStep = {
  name: 'demo-chat',
  demo: true,
  async run(db) {
    const chat = createChatRepository(db);
    const notifications = createNotificationsRepository(db);
    const now = Date.now();
    for (const { between, lines } of DEMO_CONVERSATIONS) {
      const [a, b] = [await profileOf(db, between[0]), await profileOf(db, between[1])];
      if (!a || !b) continue;
      const conversation = await chat.findOrCreate(a.id, b.id);
      for (const [speaker, minutesAgo, body] of lines) {
        const [from, to] = speaker === between[0] ? [a, b] : [b, a];
        await chat.insertMessage({
          conversationId: conversation.id,
          createdById: from.id,
          sentToId: to.id,
          body,
          createdAt: new Date(now - minutesAgo * MINUTE),
        });
      }
      const [lastSpeaker, minutesAgo] = lines.at(-1)!;
      const last = lastSpeaker === between[0] ? a : b;
      const other = last === a ? b : a;
      if (other.slug === 'alice-martin' && minutesAgo < 60) {
        await notifications.insert({
          createdForId: other.id,
          createdById: last.id,
          type: 'chat_message',
          body: notificationBody('chat_message', `${last.firstName} ${last.lastName}`),
          postId: null,
          createdAt: new Date(now - minutesAgo * MINUTE),
        });
      }
    }
  },
};
