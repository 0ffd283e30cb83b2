import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, blocks, friendshipRequests, friendships, mutes, socialProfiles } from '../db/schema/index.js';
import { viewerBlocks, viewerMutes } from '../db/relations.js';
import { profileColumns, type ProfileRow } from './profiles.repository.js';

/** Issue 27: blocking and muting people (the SQL that hides them from each other is `db/relations.ts`). */

/** Where a list of blocked or muted people starts: after this one, newest first. */
export interface RelationCursor {
  createdAt: Date;
  targetId: number;
}

export type RelationKind = 'block' | 'mute';
const TABLES = { block: blocks, mute: mutes } as const;

export function createRelationsRepository(db: Executor) {
  return {
    /**
     * Blocks `target` for `profileId` (call inside a transaction): their friendship ends (counted
     * off both), and every friend request between them goes. False when it was already blocked.
     */
    async block(profileId: number, targetId: number): Promise<boolean> {
      const inserted = await db
        .insert(blocks)
        .values({ profileId, targetId })
        .onConflictDoNothing()
        .returning({ targetId: blocks.targetId });
      if (inserted.length === 0) return false;
      const ended = await db
        .delete(friendships)
        .where(
          or(
            and(eq(friendships.profileId, profileId), eq(friendships.friendId, targetId)),
            and(eq(friendships.profileId, targetId), eq(friendships.friendId, profileId)),
          ),
        )
        .returning({ profileId: friendships.profileId });
      if (ended.length > 0) {
        await db
          .update(socialProfiles)
          .set({ friendsCount: sql`greatest(${socialProfiles.friendsCount} - 1, 0)` })
          .where(
            inArray(
              socialProfiles.id,
              [profileId, targetId].sort((a, b) => a - b),
            ),
          );
      }
      await db
        .delete(friendshipRequests)
        .where(
          or(
            and(eq(friendshipRequests.createdById, profileId), eq(friendshipRequests.createdForId, targetId)),
            and(eq(friendshipRequests.createdById, targetId), eq(friendshipRequests.createdForId, profileId)),
          ),
        );
      return true;
    },

    async mute(profileId: number, targetId: number): Promise<boolean> {
      const inserted = await db
        .insert(mutes)
        .values({ profileId, targetId })
        .onConflictDoNothing()
        .returning({ targetId: mutes.targetId });
      return inserted.length > 0;
    },

    /** Takes a block or mute back; false when there was none. */
    async remove(kind: RelationKind, profileId: number, targetId: number): Promise<boolean> {
      const table = TABLES[kind];
      const removed = await db
        .delete(table)
        .where(and(eq(table.profileId, profileId), eq(table.targetId, targetId)))
        .returning({ targetId: table.targetId });
      return removed.length > 0;
    },

    /** Whether either of two people blocked the other (two primary-key probes). */
    async blockedBetween(a: number, b: number): Promise<boolean> {
      const rows = await db
        .select({ profileId: blocks.profileId })
        .from(blocks)
        .where(or(and(eq(blocks.profileId, a), eq(blocks.targetId, b)), and(eq(blocks.profileId, b), eq(blocks.targetId, a))))
        .limit(1);
      return rows.length > 0;
    },

    /** The people `profileId` blocked or muted, the latest first, after the cursor; one more than `limit` tells if more remain. */
    async list(
      kind: RelationKind,
      profileId: number,
      cursor: RelationCursor | null,
      limit: number,
    ): Promise<(ProfileRow & { since: Date; bio: string; header: string | null; blocked: boolean; muted: boolean })[]> {
      const table = TABLES[kind];
      const after = cursor
        ? sql`(${table.createdAt}, ${table.targetId}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.targetId})`
        : undefined;
      return db
        .select({
          ...profileColumns,
          since: table.createdAt,
          bio: socialProfiles.bio,
          header: socialProfiles.header,
          blocked: viewerBlocks(profileId, table.targetId),
          muted: viewerMutes(profileId, table.targetId),
        })
        .from(table)
        .innerJoin(socialProfiles, eq(socialProfiles.id, table.targetId))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(table.profileId, profileId), after))
        .orderBy(desc(table.createdAt), desc(table.targetId))
        .limit(limit + 1);
    },
  };
}

export type RelationsRepository = ReturnType<typeof createRelationsRepository>;
