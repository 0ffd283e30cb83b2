import type { AccountDataPart } from '../core/account-data/account-data.js';
import { keysetRows } from '../core/account-data/keyset-rows.js';
import { createAiLabDataRepository } from './account-data.repository.js';

const archived = (key: string) => `media/${key}`;

/**
 * The AI lab's share of a member's data (issue 26): saved Funny Chat conversations with every
 * version of their messages, the instructions and model chosen, documents' text, and the pictures
 * and voices the person made or uploaded (with their prompts).
 */
export function aiLabDataPart(): AccountDataPart {
  return {
    area: 'ai-lab',
    tables: ['ai_lab_media', 'ai_lab_conversations', 'ai_lab_messages', 'ai_lab_settings', 'ai_lab_attachments'],

    count: ({ accountId }, db) => createAiLabDataRepository(db).count(accountId),

    async entries({ accountId }, db) {
      const repo = createAiLabDataRepository(db);
      const [files, list, settings, documents] = await Promise.all([
        repo.media(accountId),
        repo.conversations(accountId),
        repo.settings(accountId),
        repo.documents(accountId),
      ]);
      const ids = list.map((row) => row.id);
      return [
        {
          path: 'conversations.json',
          json: async () =>
            list.map((row) => ({
              id: row.id,
              title: row.title,
              model: row.model,
              instructions: row.instructions,
              shared: row.shared,
              created_at: row.createdAt.toISOString(),
            })),
        },
        {
          path: 'settings.json',
          json: async () => (settings ? { instructions: settings.systemPrompt, model: settings.model } : null),
        },
        {
          path: 'documents.json',
          json: async () =>
            documents.map((row) => ({
              id: row.id,
              name: row.name,
              kind: row.kind,
              pages: row.pages,
              text: row.text,
              created_at: row.createdAt.toISOString(),
            })),
        },
        {
          path: 'messages.json',
          rows: () =>
            keysetRows(
              (after: number | undefined, limit) => repo.messagesPage(ids, after, limit),
              (row) => row.seq,
              (row) => ({
                conversation_id: row.conversationId,
                // Every version of an edited question and of a regenerated answer: each names the message it follows.
                seq: row.seq,
                parent_seq: row.parentSeq,
                role: row.role,
                content: row.content,
                model: row.model,
                attachments: row.attachments,
                pictures: row.pictures,
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
