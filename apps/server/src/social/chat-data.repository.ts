import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { accounts, conversationMessages, conversations, socialProfiles } from '../db/schema/index.js';

const ofProfile = (profileId: number) =>
  or(eq(conversations.lowProfileId, profileId), eq(conversations.highProfileId, profileId));

/** A member's conversations and messages (issue 26): read for the export, deleted with the account. */
export function createChatDataRepository(db: Executor) {
  return {
    async count(profileId: number): Promise<number> {
      const rows = await rowsOf<{ n: string }>(
        db,
        sql`select count(*) as n from ${conversations} c
        left join ${conversationMessages} m on m.conversation_id = c.id
        where c.low_profile_id = ${profileId} or c.high_profile_id = ${profileId}`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** The person's conversations, each with the other member's username. */
    conversations(profileId: number) {
      return db
        .select({ id: conversations.id, other: accounts.username, createdAt: conversations.createdAt })
        .from(conversations)
        .innerJoin(
          socialProfiles,
          sql`${socialProfiles.id} = case when ${conversations.lowProfileId} = ${profileId} then ${conversations.highProfileId} else ${conversations.lowProfileId} end`,
        )
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(ofProfile(profileId))
        .orderBy(asc(conversations.createdAt));
    },

    messagesPage(conversationIds: string[], after: number | undefined, limit: number) {
      if (conversationIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          seq: conversationMessages.seq,
          conversationId: conversationMessages.conversationId,
          fromId: conversationMessages.createdById,
          body: conversationMessages.body,
          createdAt: conversationMessages.createdAt,
        })
        .from(conversationMessages)
        .where(
          and(
            inArray(conversationMessages.conversationId, conversationIds),
            after === undefined ? undefined : gt(conversationMessages.seq, after),
          ),
        )
        .orderBy(asc(conversationMessages.seq))
        .limit(limit);
    },

    /** Deletes the person's conversations and, with them, every message in them. */
    async deleteAll(profileId: number): Promise<void> {
      await db.delete(conversations).where(ofProfile(profileId));
    },
  };
}
