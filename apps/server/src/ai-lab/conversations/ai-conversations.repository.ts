import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accounts, aiLabConversations, aiLabMessages } from '../../db/schema/index.js';

export type AiConversationRow = typeof aiLabConversations.$inferSelect;
export type AiMessageRow = Omit<typeof aiLabMessages.$inferSelect, 'search' | 'conversationId' | 'accountId' | 'createdAt'>;
export type AiMessageRole = AiMessageRow['role'];
export type NewAiMessage = Pick<AiMessageRow, 'role' | 'content' | 'parentSeq'> &
  Partial<Pick<AiMessageRow, 'attachments' | 'pictures' | 'model'>>;

const messageColumns = {
  seq: aiLabMessages.seq,
  id: aiLabMessages.id,
  parentSeq: aiLabMessages.parentSeq,
  role: aiLabMessages.role,
  content: aiLabMessages.content,
  attachments: aiLabMessages.attachments,
  pictures: aiLabMessages.pictures,
  model: aiLabMessages.model,
};

/**
 * Words to search for as a full-text query: each word's beginning (`drag` finds "dragons"), all of
 * them; a single letter only as a whole word (as a beginning it would read most of the index). Built
 * from letters and digits only, so nothing the caller types is read as query syntax.
 */
export function searchQuery(text: string): SQL | undefined {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return undefined;
  return sql`to_tsquery('english', ${words.map((word) => (word.length > 1 ? `${word}:*` : word)).join(' & ')})`;
}

/** Funny Chat conversations and their messages; every query is limited to one account's rows. */
export function createAiConversationsRepository(db: Executor) {
  const ownedBy = (accountId: number, id: string) =>
    and(eq(aiLabConversations.id, id), eq(aiLabConversations.accountId, accountId));

  return {
    async create(accountId: number, title: string, model: string | null): Promise<AiConversationRow> {
      const [row] = await db.insert(aiLabConversations).values({ accountId, title, model }).returning();
      return row!;
    },

    async find(accountId: number, id: string): Promise<AiConversationRow | undefined> {
      const [row] = await db.select().from(aiLabConversations).where(ownedBy(accountId, id));
      return row;
    },

    /**
     * A page of an account's conversations, the most recently active first; with a search, those whose
     * title or any message has the words (both read through the `(account_id, search)` GIN indexes).
     */
    async list(accountId: number, page: { search?: SQL | undefined; limit: number; before?: string | undefined }) {
      const { search, limit, before } = page;
      const matches = search
        ? or(
            sql`${aiLabConversations.search} @@ ${search}`,
            sql`${aiLabConversations.id} in (select ${aiLabMessages.conversationId} from ${aiLabMessages}
              where ${aiLabMessages.accountId} = ${accountId} and ${aiLabMessages.search} @@ ${search})`,
          )
        : undefined;
      const after = before
        ? sql`(${aiLabConversations.updatedAt}, ${aiLabConversations.id}) < (select c.updated_at, c.id
            from ${aiLabConversations} c where c.id = ${before} and c.account_id = ${accountId})`
        : undefined;
      return db
        .select()
        .from(aiLabConversations)
        .where(and(eq(aiLabConversations.accountId, accountId), matches, after))
        .orderBy(desc(aiLabConversations.updatedAt), desc(aiLabConversations.id))
        .limit(limit);
    },

    /** Every message of a conversation, each branch of it, oldest first. */
    messages(conversationId: string): Promise<AiMessageRow[]> {
      return db
        .select(messageColumns)
        .from(aiLabMessages)
        .where(eq(aiLabMessages.conversationId, conversationId))
        .orderBy(asc(aiLabMessages.seq));
    },

    /**
     * Adds a message after its parent and shows the branch it ends; the conversation is active now.
     * Callers run it in a transaction with whatever else belongs to the same change.
     */
    async append(conversation: Pick<AiConversationRow, 'id' | 'accountId'>, message: NewAiMessage): Promise<AiMessageRow> {
      const [row] = await db
        .insert(aiLabMessages)
        .values({ conversationId: conversation.id, accountId: conversation.accountId, ...message })
        .returning(messageColumns);
      await db
        .update(aiLabConversations)
        .set({ updatedAt: sql`now()`, currentSeq: row!.seq })
        .where(eq(aiLabConversations.id, conversation.id));
      return row!;
    },

    /** Shows the branch that ends at `seq`. */
    async showBranch(accountId: number, id: string, seq: number): Promise<AiConversationRow | undefined> {
      const [row] = await db.update(aiLabConversations).set({ currentSeq: seq }).where(ownedBy(accountId, id)).returning();
      return row;
    },

    async update(
      accountId: number,
      id: string,
      change: Partial<Pick<AiConversationRow, 'title' | 'systemPrompt' | 'model'>>,
    ): Promise<AiConversationRow | undefined> {
      const [row] = await db.update(aiLabConversations).set(change).where(ownedBy(accountId, id)).returning();
      return row;
    },

    async remove(accountId: number, id: string): Promise<boolean> {
      const rows = await db.delete(aiLabConversations).where(ownedBy(accountId, id)).returning({ id: aiLabConversations.id });
      return rows.length > 0;
    },

    /** Shares the branch up to `seq` under `token` (the token stays when it is shared again). */
    async share(accountId: number, id: string, token: string, seq: number | null): Promise<AiConversationRow | undefined> {
      const [row] = await db
        .update(aiLabConversations)
        .set({ shareToken: sql`coalesce(${aiLabConversations.shareToken}, ${token})`, sharedSeq: seq, sharedAt: sql`now()` })
        .where(ownedBy(accountId, id))
        .returning();
      return row;
    },

    async unshare(accountId: number, id: string): Promise<AiConversationRow | undefined> {
      const [row] = await db
        .update(aiLabConversations)
        .set({ shareToken: null, sharedSeq: null, sharedAt: null })
        .where(ownedBy(accountId, id))
        .returning();
      return row;
    },

    /** A shared conversation with its owner's first name; none once unshared, or while its owner is suspended. */
    async findShared(token: string): Promise<{ conversation: AiConversationRow; firstName: string } | undefined> {
      const [row] = await db
        .select({ conversation: aiLabConversations, firstName: accounts.firstName })
        .from(aiLabConversations)
        .innerJoin(accounts, eq(accounts.id, aiLabConversations.accountId))
        .where(and(eq(aiLabConversations.shareToken, token), isNull(accounts.suspendedAt)));
      return row;
    },
  };
}

export type AiConversationsRepository = ReturnType<typeof createAiConversationsRepository>;
