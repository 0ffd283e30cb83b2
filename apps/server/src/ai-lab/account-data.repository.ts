import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { aiLabConversations as conversations, aiLabMedia as media, aiLabMessages as messages } from '../db/schema/index.js';

/** A member's AI lab data (issue 26): saved conversations and the pictures and voices made or uploaded. */
export function createAiLabDataRepository(db: Executor) {
  return {
    async count(accountId: number): Promise<number> {
      const rows = await rowsOf<{ n: string }>(
        db,
        sql`select
        (select count(*) from ${media} where account_id = ${accountId}) * 2
        + (select count(*) from ${conversations} where account_id = ${accountId})
        + (select count(*) from ${messages} m join ${conversations} c on c.id = m.conversation_id where c.account_id = ${accountId}) as n`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    media(accountId: number) {
      return db
        .select({ key: media.key, kind: media.kind, prompt: media.prompt, createdAt: media.createdAt })
        .from(media)
        .where(eq(media.accountId, accountId))
        .orderBy(asc(media.createdAt), asc(media.key));
    },

    conversations(accountId: number) {
      return db
        .select({ id: conversations.id, title: conversations.title, createdAt: conversations.createdAt })
        .from(conversations)
        .where(eq(conversations.accountId, accountId))
        .orderBy(asc(conversations.createdAt), asc(conversations.id));
    },

    messagesPage(conversationIds: string[], after: number | undefined, limit: number) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          seq: messages.seq,
          conversationId: messages.conversationId,
          role: messages.role,
          content: messages.content,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(inArray(messages.conversationId, conversationIds), after === undefined ? undefined : gt(messages.seq, after)))
        .orderBy(asc(messages.seq))
        .limit(limit);
    },

    /** Deletes the conversations (their messages go with them) and the media rows; answers the files' keys. */
    async deleteAll(accountId: number): Promise<string[]> {
      await db.delete(conversations).where(eq(conversations.accountId, accountId));
      const rows = await db.delete(media).where(eq(media.accountId, accountId)).returning({ key: media.key });
      return rows.map((row) => row.key);
    },
  };
}
