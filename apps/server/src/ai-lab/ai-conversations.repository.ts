import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { aiLabConversations, aiLabMessages } from '../db/schema/index.js';

export type AiConversationRow = typeof aiLabConversations.$inferSelect;
export type AiMessageRole = (typeof aiLabMessages.$inferSelect)['role'];

/** Funny Chat conversations and their messages; every query is limited to one account's rows. */
export function createAiConversationsRepository(db: Executor) {
  return {
    async create(accountId: number, title: string): Promise<AiConversationRow> {
      const [row] = await db.insert(aiLabConversations).values({ accountId, title }).returning();
      return row!;
    },

    async find(accountId: number, id: string): Promise<AiConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(aiLabConversations)
        .where(and(eq(aiLabConversations.id, id), eq(aiLabConversations.accountId, accountId)));
      return row;
    },

    list(accountId: number, limit: number): Promise<AiConversationRow[]> {
      return db
        .select()
        .from(aiLabConversations)
        .where(eq(aiLabConversations.accountId, accountId))
        .orderBy(desc(aiLabConversations.updatedAt), desc(aiLabConversations.createdAt))
        .limit(limit);
    },

    messages(conversationId: string): Promise<{ role: AiMessageRole; content: string }[]> {
      return db
        .select({ role: aiLabMessages.role, content: aiLabMessages.content })
        .from(aiLabMessages)
        .where(eq(aiLabMessages.conversationId, conversationId))
        .orderBy(asc(aiLabMessages.seq));
    },

    async rename(accountId: number, id: string, title: string): Promise<AiConversationRow | undefined> {
      const [row] = await db
        .update(aiLabConversations)
        .set({ title })
        .where(and(eq(aiLabConversations.id, id), eq(aiLabConversations.accountId, accountId)))
        .returning();
      return row;
    },

    async remove(accountId: number, id: string): Promise<boolean> {
      const rows = await db
        .delete(aiLabConversations)
        .where(and(eq(aiLabConversations.id, id), eq(aiLabConversations.accountId, accountId)))
        .returning({ id: aiLabConversations.id });
      return rows.length > 0;
    },

    /** Adds messages at the end and marks the conversation as active now, in one transaction. */
    async append(conversationId: string, messages: { role: AiMessageRole; content: string }[]): Promise<void> {
      await db.transaction(async (tx) => {
        if (messages.length > 0)
          await tx.insert(aiLabMessages).values(messages.map((message) => ({ conversationId, ...message })));
        await tx
          .update(aiLabConversations)
          .set({ updatedAt: sql`now()` })
          .where(eq(aiLabConversations.id, conversationId));
      });
    },

    /** Removes the last question and everything after it (regenerating the last answer). */
    async dropLastExchange(conversationId: string): Promise<void> {
      const [last] = await db
        .select({ seq: aiLabMessages.seq })
        .from(aiLabMessages)
        .where(and(eq(aiLabMessages.conversationId, conversationId), eq(aiLabMessages.role, 'user')))
        .orderBy(desc(aiLabMessages.seq))
        .limit(1);
      if (!last) return;
      await db
        .delete(aiLabMessages)
        .where(and(eq(aiLabMessages.conversationId, conversationId), gte(aiLabMessages.seq, last.seq)));
    },
  };
}

export type AiConversationsRepository = ReturnType<typeof createAiConversationsRepository>;
