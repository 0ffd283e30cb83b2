import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import { accounts, friendshipRequests, friendships, posts, socialProfiles } from '../db/schema/index.js';
import { listedFor, notBlockedBetween, viewerBlocks, viewerMutes } from '../db/relations.js';
import { profileColumns, selectProfiles, type ProfileRow } from './profiles.repository.js';

export type RequestStatus = (typeof friendshipRequests.$inferSelect)['status'];

export interface RequestRow {
  id: string;
  createdById: number;
  createdForId: number;
  status: RequestStatus;
}

const requestColumns = {
  id: friendshipRequests.id,
  createdById: friendshipRequests.createdById,
  createdForId: friendshipRequests.createdForId,
  status: friendshipRequests.status,
};

/** Where `a` and `b` are the two ends of a request, whichever sent it. */
const betweenPair = (a: number, b: number) =>
  or(
    and(eq(friendshipRequests.createdById, a), eq(friendshipRequests.createdForId, b)),
    and(eq(friendshipRequests.createdById, b), eq(friendshipRequests.createdForId, a)),
  );

/** A profile as one reader sees it: with whether they are friends and the requests between them. */
export type ProfileForViewer = ProfileRow & { isFriend: boolean; requestStatuses: RequestStatus[] };
/** The same with what the profile's page shows (issue 27): the bio, the header, the reader's block and mute. */
export type ProfileDetailRow = ProfileForViewer & { bio: string; header: string | null; blocked: boolean; muted: boolean };

const viewerParam = sql.placeholder('viewer');

/**
 * A profile by slug with the reader's relation to it (friends? requests either way?), one prepared
 * statement (a profile's `page=last`, which needs the count first, is the session check, this, and the page;
 * every other page reads the profile with its posts: see `profile-posts.repository.ts`).
 */
/** Whether the reader (the `viewer` placeholder) is a friend of the profile in `social_profiles`; false when anonymous. */
export const readerIsFriend = (viewer: boolean) =>
  viewer
    ? sql<boolean>`exists (select 1 from ${friendships} where ${friendships.profileId} = ${viewerParam}
            and ${friendships.friendId} = ${socialProfiles.id})`
    : sql<boolean>`false`;

/** The requests between the reader (the `viewer` placeholder) and the profile in `social_profiles`, either way. */
export const requestStatusesWithReader = (viewer: boolean) =>
  viewer
    ? sql<RequestStatus[]>`array(select ${friendshipRequests.status}::text from ${friendshipRequests}
            where (${friendshipRequests.createdById} = ${viewerParam} and ${friendshipRequests.createdForId} = ${socialProfiles.id})
               or (${friendshipRequests.createdById} = ${socialProfiles.id} and ${friendshipRequests.createdForId} = ${viewerParam}))`
    : sql<RequestStatus[]>`'{}'::text[]`;

function prepareProfileForViewer(db: Executor, viewer: boolean) {
  const reader = viewer ? viewerParam : null;
  return (
    db
      .select({
        ...profileColumns,
        isFriend: readerIsFriend(viewer),
        requestStatuses: requestStatusesWithReader(viewer),
        bio: socialProfiles.bio,
        header: socialProfiles.header,
        blocked: viewerBlocks(reader),
        muted: viewerMutes(reader),
      })
      .from(socialProfiles)
      .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
      // Issue 27: between two people one of whom blocked the other, the profile is not there (404).
      .where(and(eq(socialProfiles.slug, sql.placeholder('slug')), notBlockedBetween(reader, socialProfiles.id)))
      .prepare(viewer ? 'profile_for_reader' : 'profile_for_anonymous')
  );
}

export function createFriendshipsRepository(db: Executor) {
  let profileStatements: Record<'reader' | 'anonymous', ReturnType<typeof prepareProfileForViewer>> | undefined;
  return {
    async profileForViewer(slug: string, viewerId: number | null): Promise<ProfileDetailRow | undefined> {
      profileStatements ??= { reader: prepareProfileForViewer(db, true), anonymous: prepareProfileForViewer(db, false) };
      const [row] =
        viewerId === null
          ? await profileStatements.anonymous.execute({ slug })
          : await profileStatements.reader.execute({ slug, viewer: viewerId });
      return row;
    },

    async areFriends(a: number, b: number): Promise<boolean> {
      const [row] = await db
        .select({ id: friendships.friendId })
        .from(friendships)
        .where(and(eq(friendships.profileId, a), eq(friendships.friendId, b)));
      return row !== undefined;
    },

    /** The requests between two people, in either direction (at most one each way). */
    requestsBetween(a: number, b: number): Promise<RequestRow[]> {
      return db.select(requestColumns).from(friendshipRequests).where(betweenPair(a, b));
    },

    /** The pending request `from` sent `to`, locked for the transaction that answers it. */
    async pendingRequestForUpdate(from: number, to: number): Promise<RequestRow | undefined> {
      const [row] = await db
        .select(requestColumns)
        .from(friendshipRequests)
        .where(
          and(
            eq(friendshipRequests.createdById, from),
            eq(friendshipRequests.createdForId, to),
            eq(friendshipRequests.status, 'sent'),
          ),
        )
        .for('update');
      return row;
    },

    async insertRequest(from: number, to: number): Promise<void> {
      await db.insert(friendshipRequests).values({ id: randomUUID(), createdById: from, createdForId: to });
    },

    async deleteRequest(id: string): Promise<void> {
      await db.delete(friendshipRequests).where(eq(friendshipRequests.id, id));
    },

    async setStatus(ids: string[], status: RequestStatus): Promise<void> {
      if (ids.length === 0) return;
      await db.update(friendshipRequests).set({ status, updatedAt: new Date() }).where(inArray(friendshipRequests.id, ids));
    },

    /** Makes two people friends (both directions) and counts it once for each; false if they already were. */
    async befriend(a: number, b: number): Promise<boolean> {
      const inserted = await db
        .insert(friendships)
        .values([
          { profileId: a, friendId: b },
          { profileId: b, friendId: a },
        ])
        .onConflictDoNothing()
        .returning({ profileId: friendships.profileId });
      if (inserted.length === 0) return false;
      await db
        .update(socialProfiles)
        .set({ friendsCount: sql`${socialProfiles.friendsCount} + 1` })
        .where(inArray(socialProfiles.id, [a, b]));
      return true;
    },

    /** Pending requests addressed to a person, newest first, with their senders. */
    async pendingFor(profileId: number): Promise<{ id: string; sender: ProfileRow }[]> {
      const rows = await db
        .select({ id: friendshipRequests.id, sender: profileColumns })
        .from(friendshipRequests)
        .innerJoin(socialProfiles, eq(socialProfiles.id, friendshipRequests.createdById))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(friendshipRequests.createdForId, profileId), eq(friendshipRequests.status, 'sent')))
        .orderBy(desc(friendshipRequests.createdAt));
      return rows;
    },

    /** A person's friends, the most recent friendship first; none the reader blocked or is blocked by (issue 27). */
    friendsOf(profileId: number, viewerId: number | null = null): Promise<ProfileRow[]> {
      return selectProfiles(db)
        .innerJoin(friendships, eq(friendships.friendId, socialProfiles.id))
        .where(and(eq(friendships.profileId, profileId), notBlockedBetween(viewerId, socialProfiles.id)))
        .orderBy(desc(friendships.createdAt), socialProfiles.id);
    },

    /**
     * Friends of friends, most mutual friends first: never the person, their friends, anyone a
     * request already links them with (pending or rejected), nor (issue 27) anyone either blocked or
     * they muted.
     */
    suggestionsFor(profileId: number, limit: number): Promise<ProfileRow[]> {
      const mine = alias(friendships, 'mine');
      const theirs = alias(friendships, 'theirs');
      return selectProfiles(db)
        .innerJoin(theirs, eq(theirs.friendId, socialProfiles.id))
        .innerJoin(mine, eq(mine.friendId, theirs.profileId))
        .where(
          sql`${mine.profileId} = ${profileId} and ${socialProfiles.id} <> ${profileId}
            and not exists (select 1 from ${friendships} f where f.profile_id = ${profileId} and f.friend_id = ${socialProfiles.id})
            and not exists (select 1 from ${friendshipRequests} r
              where (r.created_by_id = ${profileId} and r.created_for_id = ${socialProfiles.id})
                 or (r.created_for_id = ${profileId} and r.created_by_id = ${socialProfiles.id}))
            and ${listedFor(profileId, socialProfiles.id)}`,
        )
        .groupBy(socialProfiles.id, accounts.id)
        .orderBy(sql`count(*) desc`, socialProfiles.id)
        .limit(limit);
    },

    /**
     * Issue 27, for a newcomer without friends of friends: active people (posted or logged in within
     * `activeSince`), the best connected first, on the `(friends_count, id)` index read backwards. Never
     * the person, their friends, anyone a request links them with, anyone either blocked or they
     * muted, nor a suspended or inactive account.
     */
    wellConnectedFor(profileId: number, activeSince: Date, limit: number): Promise<ProfileRow[]> {
      const since = activeSince.toISOString();
      return selectProfiles(db)
        .where(
          sql`${socialProfiles.id} <> ${profileId} and ${accounts.isActive} and ${accounts.suspendedAt} is null
            and (${accounts.lastLoginAt} > ${since}::timestamptz
              or exists (select 1 from ${posts} p where p.created_by_id = ${socialProfiles.id} and p.created_at > ${since}::timestamptz))
            and not exists (select 1 from ${friendships} f where f.profile_id = ${profileId} and f.friend_id = ${socialProfiles.id})
            and not exists (select 1 from ${friendshipRequests} r
              where (r.created_by_id = ${profileId} and r.created_for_id = ${socialProfiles.id})
                 or (r.created_for_id = ${profileId} and r.created_by_id = ${socialProfiles.id}))
            and ${listedFor(profileId, socialProfiles.id)}`,
        )
        .orderBy(desc(socialProfiles.friendsCount), desc(socialProfiles.id))
        .limit(limit);
    },

    /** Contract §4.4: rejected requests are forgotten after a while, so "Add as Friend" comes back. */
    async purgeRejected(before: Date): Promise<number> {
      const deleted = await db
        .delete(friendshipRequests)
        .where(and(eq(friendshipRequests.status, 'rejected'), lt(friendshipRequests.updatedAt, before)))
        .returning({ id: friendshipRequests.id });
      return deleted.length;
    },
  };
}

export type FriendshipsRepository = ReturnType<typeof createFriendshipsRepository>;
