import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, conversationMessages, conversations, socialProfiles } from '../db/schema/index.js';
import { notBlockedBetween } from '../db/relations.js';
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

    /** A conversation as one person asks for it, with whether one of its two members blocked the other (issue 27). */
    async findFor(id: string, profileId: number): Promise<(ConversationRow & { blocked: boolean }) | undefined> {
      const other = sql`case when ${conversations.lowProfileId} = ${profileId} then ${conversations.highProfileId} else ${conversations.lowProfileId} end`;
      const [row] = await db
        .select({ ...getTableColumns(conversations), blocked: sql<boolean>`not ${notBlockedBetween(profileId, other)}` })
        .from(conversations)
        .where(eq(conversations.id, id));
      return row;
    },

    /** The conversation of two people, if they have one. */
    async between(a: number, b: number): Promise<ConversationRow | undefined> {
      const { low, high } = pairOf(a, b);
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.lowProfileId, low), eq(conversations.highProfileId, high)));
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

    /** A person's conversations, most recently active first; none with someone either of them blocked (issue 27). */
    listFor(profileId: number, limit: number): Promise<ConversationRow[]> {
      const other = sql`case when ${conversations.lowProfileId} = ${profileId} then ${conversations.highProfileId} else ${conversations.lowProfileId} end`;
      return db
        .select()
        .from(conversations)
        .where(
          and(
            or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId)),
            notBlockedBetween(profileId, other),
          ),
        )
        .orderBy(desc(conversations.modifiedAt), desc(conversations.id))
        .limit(limit);
    },

    /**
     * The newest message of each of these conversations: one index lookup each, read backwards
     * from the end of the conversation (issue 24: not every message of them).
     */
    async lastMessages(conversationIds: string[]): Promise<Map<string, MessageRow>> {
      if (conversationIds.length === 0) return new Map();
      const m = conversationMessages;
      const newest = sql`(select last.id from unnest(${`{${conversationIds.join(',')}}`}::uuid[]) as c(id)
        cross join lateral (select ${m.id} as id from ${m} where ${m.conversationId} = c.id order by ${m.seq} desc limit 1) last)`;
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

    /**
     * Contract §6.4 in one statement (issue 12: a send was nine): stores the message from `senderId`
     * when they are a member of the conversation, moves its last activity to the message, and
     * answers the message with the other member's profile. Undefined when the conversation does not
     * exist, the sender is not in it, or (issue 27) one of the two blocked the other: nothing is stored
     * then. One statement is atomic: no transaction.
     */
    async insertFromMember(
      conversationId: string,
      senderId: number,
      body: string,
    ): Promise<{ message: MessageRow; to: ProfileRow } | undefined> {
      const c = conversations;
      const result = (await db.execute(sql`
        with conversation as (
          select ${c.id} as id,
                 case when ${c.lowProfileId} = ${senderId} then ${c.highProfileId} else ${c.lowProfileId} end as to_id
          from ${c}
          where ${c.id} = ${conversationId} and (${c.lowProfileId} = ${senderId} or ${c.highProfileId} = ${senderId})
        ), open_conversation as (
          select conversation.* from conversation where ${notBlockedBetween(senderId, sql`conversation.to_id`)}
        ), message as (
          insert into ${conversationMessages} (id, conversation_id, created_by_id, sent_to_id, body)
          select ${randomUUID()}, open_conversation.id, ${senderId}, open_conversation.to_id, ${body} from open_conversation
          returning id, seq, conversation_id, created_by_id, sent_to_id, body, created_at
        ), touched as (
          update ${c} set modified_at = message.created_at from message where ${c.id} = message.conversation_id
        )
        select message.id, message.seq::float8 as seq, message.conversation_id, message.created_by_id,
               message.sent_to_id, message.body, to_json(message.created_at) #>> '{}' as created_at,
               p.id as to_id, p.account_id as to_account_id, p.slug as to_slug, p.avatar as to_avatar,
               p.friends_count as to_friends_count, p.posts_count as to_posts_count,
               p.visible_posts_count as to_visible_posts_count, p.public_posts_count as to_public_posts_count,
               a.first_name as to_first_name, a.last_name as to_last_name, a.username as to_username, a.email as to_email
        from message
        join ${socialProfiles} p on p.id = message.sent_to_id
        join ${accounts} a on a.id = p.account_id`)) as unknown as { rows: Record<string, string | number | null>[] };
      const [row] = result.rows;
      if (!row) return undefined;
      return {
        message: {
          id: String(row.id),
          seq: Number(row.seq),
          conversationId: String(row.conversation_id),
          createdById: Number(row.created_by_id),
          sentToId: Number(row.sent_to_id),
          body: String(row.body),
          createdAt: new Date(String(row.created_at)),
        },
        to: {
          id: Number(row.to_id),
          accountId: Number(row.to_account_id),
          slug: String(row.to_slug),
          avatar: row.to_avatar === null ? null : String(row.to_avatar),
          friendsCount: Number(row.to_friends_count),
          postsCount: Number(row.to_posts_count),
          visiblePostsCount: Number(row.to_visible_posts_count),
          publicPostsCount: Number(row.to_public_posts_count),
          firstName: String(row.to_first_name),
          lastName: String(row.to_last_name),
          username: String(row.to_username),
          email: String(row.to_email),
        },
      };
    },

    async profiles(ids: number[]): Promise<Map<number, ProfileRow>> {
      if (ids.length === 0) return new Map();
      const rows = await selectProfiles(db).where(inArray(socialProfiles.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
