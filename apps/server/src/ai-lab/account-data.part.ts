import type { AccountDataPart } from '../core/account-data/account-data.js';
import { keysetRows } from '../core/account-data/keyset-rows.js';
import { createAiLabDataRepository } from './account-data.repository.js';

const archived = (key: string) => `media/${key}`;

/**
 * The AI lab's share of a member's data (issue 26): saved Funny Chat conversations with their
 * messages, and the pictures and voices the person made or uploaded (with their prompts).
 */
export function aiLabDataPart(): AccountDataPart {
  return {
    area: 'ai-lab',
    tables: ['ai_lab_media', 'ai_lab_conversations'],

    count: ({ accountId }, db) => createAiLabDataRepository(db).count(accountId),

    async entries({ accountId }, db) {
      const repo = createAiLabDataRepository(db);
      const [files, list] = await Promise.all([repo.media(accountId), repo.conversations(accountId)]);
      const ids = list.map((row) => row.id);
      return [
        {
          path: 'conversations.json',
          json: async () => list.map((row) => ({ id: row.id, title: row.title, created_at: row.createdAt.toISOString() })),
        },
        {
          path: 'messages.json',
          rows: () =>
            keysetRows(
              (after: number | undefined, limit) => repo.messagesPage(ids, after, limit),
              (row) => row.seq,
              (row) => ({
                conversation_id: row.conversationId,
                role: row.role,
                content: row.content,
                created_at: row.createdAt.toISOString(),
              }),
            ),
        },
        {
          path: 'media.json',
          json: async () =>
            files.map((file) => ({
              file: archived(file.key),
              kind: file.kind,
              prompt: file.prompt,
              created_at: file.createdAt.toISOString(),
            })),
        },
        ...files.map((file) => ({ path: archived(file.key), media: file.key })),
      ];
    },

    async erase({ accountId }, tx) {
      return { mediaKeys: await createAiLabDataRepository(tx).deleteAll(accountId) };
    },
  };
}
