import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import {
  aiLabAttachments as attachments,
  aiLabConversations as conversations,
  aiLabMedia as media,
  aiLabMessages as messages,
  aiLabSettings as settings,
} from '../db/schema/index.js';

/** A member's AI lab data (issue 26): settings, saved conversations (every version of every message), documents, and the pictures and voices made or uploaded. */
export function createAiLabDataRepository(db: Executor) {
  return {
    async count(accountId: number): Promise<number> {
      const rows = await rowsOf<{ n: string }>(
        db,
        sql`select
        (select count(*) from ${media} where account_id = ${accountId}) * 2
        + (select count(*) from ${conversations} where account_id = ${accountId})
        + (select count(*) from ${messages} where account_id = ${accountId})
        + (select count(*) from ${attachments} where account_id = ${accountId})
        + (select count(*) from ${settings} where account_id = ${accountId}) as n`,
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
        .select({
          id: conversations.id,
          title: conversations.title,
          model: conversations.model,
          instructions: conversations.systemPrompt,
          shared: sql<boolean>`${conversations.shareToken} is not null`,
          createdAt: conversations.createdAt,
        })
        .from(conversations)
        .where(eq(conversations.accountId, accountId))
        .orderBy(asc(conversations.createdAt), asc(conversations.id));
    },

    messagesPage(conversationIds: string[], after: number | undefined, limit: number) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          seq: messages.seq,
          parentSeq: messages.parentSeq,
          conversationId: messages.conversationId,
          role: messages.role,
          content: messages.content,
          model: messages.model,
          attachments: messages.attachments,
          pictures: messages.pictures,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(inArray(messages.conversationId, conversationIds), after === undefined ? undefined : gt(messages.seq, after)))
        .orderBy(asc(messages.seq))
        .limit(limit);
    },

    async settings(accountId: number) {
      const [row] = await db.select().from(settings).where(eq(settings.accountId, accountId));
      return row;
    },

    documents(accountId: number) {
      return db
        .select({
          id: attachments.id,
          name: attachments.name,
          kind: attachments.kind,
          pages: attachments.pages,
          text: attachments.text,
          createdAt: attachments.createdAt,
        })
        .from(attachments)
        .where(eq(attachments.accountId, accountId))
        .orderBy(asc(attachments.createdAt), asc(attachments.id));
    },

    /** Deletes the settings, documents and conversations (their messages go with them) and the media rows; answers the files' keys. */
    async deleteAll(accountId: number): Promise<string[]> {
      await db.delete(settings).where(eq(settings.accountId, accountId));
      await db.delete(attachments).where(eq(attachments.accountId, accountId));
      await db.delete(conversations).where(eq(conversations.accountId, accountId));
      const rows = await db.delete(media).where(eq(media.accountId, accountId)).returning({ key: media.key });
      return rows.map((row) => row.key);
    },
  };
}
