import type { AccountDataPart } from '../core/account-data/account-data.js';
import type { Executor } from '../db/client.js';
import { keysetRows } from '../core/account-data/keyset-rows.js';
import { createChatDataRepository } from './chat-data.repository.js';
import { createSocialDataRepository } from './account-data.repository.js';

/**
 * Chat's share of a member's data (issue 26): the conversations and every message in them. A
 * conversation has two members; when one deletes their account it goes for both, since each
 * message is half of an exchange with the person who left.
 */
export function chatDataPart(): AccountDataPart {
  const profileOf = async (accountId: number, db: Executor) => (await createSocialDataRepository(db).profile(accountId))?.id;

  return {
    area: 'chat',
    tables: ['social_conversations', 'social_conversation_messages'],

    async count({ accountId }, db) {
      const profileId = await profileOf(accountId, db);
      return profileId === undefined ? 0 : createChatDataRepository(db).count(profileId);
    },

    async entries({ accountId }, db) {
      const profileId = await profileOf(accountId, db);
      if (profileId === undefined) return [];
      const repo = createChatDataRepository(db);
      const list = await repo.conversations(profileId);
      const ids = list.map((row) => row.id);
      return [
        {
          path: 'conversations.json',
          json: async () => list.map((row) => ({ id: row.id, with: row.other, created_at: row.createdAt.toISOString() })),
        },
        {
          path: 'messages.json',
          rows: () =>
            keysetRows(
              (after: number | undefined, limit) => repo.messagesPage(ids, after, limit),
              (row) => row.seq,
              (row) => ({
                conversation_id: row.conversationId,
                from_me: row.fromId === profileId,
                body: row.body,
                created_at: row.createdAt.toISOString(),
              }),
            ),
        },
      ];
    },

    async erase({ accountId }, tx) {
      const profileId = await profileOf(accountId, tx);
      if (profileId !== undefined) await createChatDataRepository(tx).deleteAll(profileId);
      return {};
    },
  };
}
