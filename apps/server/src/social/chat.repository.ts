import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { conversationMessages, conversations, socialProfiles } from '../db/schema/index.js';
import { selectProfiles, type ProfileRow } from './profiles.repository.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;

/** The two members of a conversation in their stored order. */
export const pairOf = (a: number, b: number) => (a < b ? { low: a, high: b } : { low: b, high: a });

export const isMember = (conversation: ConversationRow, profileId: number) =>
  conversation.lowProfileId === profileId || conversation.highProfileId === profileId;

export const otherMember = (conversation: ConversationRow, profileId: number) =>
  conversation.lowProfileId === profileId ? conversation.highProfileId : conversation.lowProfileId;

export function createChatRepository(db: Executor) {
  return {
    async find(id: string): Promise<ConversationRow | undefined> {
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
      return row;
    },

    /** The conversation of two people, created when they have none (at most one per pair, even under races). */
    async findOrCreate(a: number, b: number): Promise<ConversationRow> {
      const { low, high } = pairOf(a, b);
      await db
        .insert(conversations)
        .values({ id: randomUUID(), lowProfileId: low, highProfileId: high })
        .onConflictDoNothing({ target: [conversations.lowProfileId, conversations.highProfileId] });
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.lowProfileId, low), eq(conversations.highProfileId, high)));
      return row!;
    },

    /** A person's conversations, most recently active first. */
    listFor(profileId: number, limit: number): Promise<ConversationRow[]> {
      return db
        .select()
        .from(conversations)
        .where(or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId)))
        .orderBy(desc(conversations.modifiedAt), desc(conversations.id))
        .limit(limit);
    },

    /** The newest message of each of these conversations. */
    async lastMessages(conversationIds: string[]): Promise<Map<string, MessageRow>> {
      if (conversationIds.length === 0) return new Map();
      const m = conversationMessages;
      const newest = sql`(select distinct on (${m.conversationId}) ${m.id} from ${m} where ${inArray(m.conversationId, conversationIds)}
        order by ${m.conversationId}, ${m.seq} desc)`;
      const rows = await db.select().from(m).where(inArray(m.id, newest));
      return new Map(rows.map((row) => [row.conversationId, row]));
    },

    /**
     * Up to `limit` messages before a message (or the newest), oldest first, and whether older
     * ones remain. Keyset on `seq`, read backwards along the index.
     */
    async page(
      conversationId: string,
      before: MessageRow | undefined,
      limit: number,
    ): Promise<{ messages: MessageRow[]; hasOlder: boolean }> {
      const rows = await db
        .select()
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, conversationId),
            before ? lt(conversationMessages.seq, before.seq) : undefined,
          ),
        )
        .orderBy(desc(conversationMessages.seq))
        .limit(limit + 1);
      return { messages: rows.slice(0, limit).reverse(), hasOlder: rows.length > limit };
    },

    async findMessage(id: string): Promise<MessageRow | undefined> {
      const [row] = await db.select().from(conversationMessages).where(eq(conversationMessages.id, id));
      return row;
    },

    /** Stores a message and moves the conversation's last activity to it (call inside a transaction). */
    async insertMessage(message: Omit<MessageRow, 'createdAt' | 'id' | 'seq'> & { createdAt?: Date }): Promise<MessageRow> {
      const [row] = await db
        .insert(conversationMessages)
        .values({ id: randomUUID(), ...message })
        .returning();
      await db.update(conversations).set({ modifiedAt: row!.createdAt }).where(eq(conversations.id, message.conversationId));
      return row!;
    },

    async profiles(ids: number[]): Promise<Map<number, ProfileRow>> {
      if (ids.length === 0) return new Map();
      const rows = await selectProfiles(db).where(inArray(socialProfiles.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
