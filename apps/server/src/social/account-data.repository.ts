import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import {
  accounts,
  blocks,
  bookmarks,
  friendshipRequests,
  friendships,
  postAttachments,
  postComments,
  postEdits,
  postLikes,
  postReports,
  posts,
  mutes,
  socialProfiles,
} from '../db/schema/index.js';

type After = { at: Date; id: string } | undefined;
type Column = typeof posts.createdAt | typeof postComments.createdAt | typeof postLikes.createdAt;
type IdColumn = typeof posts.id | typeof postComments.id | typeof postLikes.id;
/** Past the cursor along `(created_at, id)`. */
const after = (at: Column, id: IdColumn, cursor: After) =>
  cursor ? or(gt(at, cursor.at), and(eq(at, cursor.at), gt(id, cursor.id))) : undefined;

/** A member's social data (issue 26): read page by page for the export, and erased with the counters it feeds. */
export function createSocialDataRepository(db: Executor) {
  return {
    async profile(accountId: number, lock = false) {
      const query = db.select().from(socialProfiles).where(eq(socialProfiles.accountId, accountId));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    /** Posts (and their earlier versions), comments, likes, friends, requests, reports, blocks, mutes, bookmarks and pictures: the export's size. */
    async count(profileId: number): Promise<number> {
      const rows = await rowsOf<{ n: string }>(
        db,
        sql`select
        (select count(*) from ${posts} where ${posts.createdById} = ${profileId})
        + (select count(*) from ${postAttachments} a join ${posts} p on p.id = a.post_id where p.created_by_id = ${profileId}) * 2
        + (select count(*) from ${postComments} where ${postComments.createdById} = ${profileId})
        + (select count(*) from ${postLikes} where ${postLikes.profileId} = ${profileId})
        + (select count(*) from ${postReports} where ${postReports.profileId} = ${profileId})
        + (select count(*) from ${friendships} where ${friendships.profileId} = ${profileId})
        + (select count(*) from ${friendshipRequests} where ${friendshipRequests.createdById} = ${profileId} or ${friendshipRequests.createdForId} = ${profileId})
        + (select count(*) from ${postEdits} e join ${posts} p on p.id = e.post_id where p.created_by_id = ${profileId})
        + (select count(*) from ${blocks} where ${blocks.profileId} = ${profileId})
        + (select count(*) from ${mutes} where ${mutes.profileId} = ${profileId})
        + (select count(*) from ${bookmarks} where ${bookmarks.profileId} = ${profileId}) as n`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    postsPage(profileId: number, cursor: After, limit: number) {
      return db
        .select({
          id: posts.id,
          body: posts.body,
          isPrivate: posts.isPrivate,
          isHidden: posts.isHidden,
          contentWarning: posts.contentWarning,
          editedAt: posts.editedAt,
          createdAt: posts.createdAt,
        })
        .from(posts)
        .where(and(eq(posts.createdById, profileId), after(posts.createdAt, posts.id, cursor)))
        .orderBy(asc(posts.createdAt), asc(posts.id))
        .limit(limit);
    },

    attachmentsOf(postIds: string[]) {
      if (postIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          postId: postAttachments.postId,
          image: postAttachments.image,
          thumbnail: postAttachments.thumbnail,
          alt: postAttachments.alt,
        })
        .from(postAttachments)
        .where(inArray(postAttachments.postId, postIds))
        .orderBy(asc(postAttachments.postId), asc(postAttachments.position));
    },

    /** Issue 27: the earlier versions of these posts (their edit history), oldest first. */
    editsOf(postIds: string[]) {
      if (postIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          postId: postEdits.postId,
          body: postEdits.body,
          contentWarning: postEdits.contentWarning,
          alts: postEdits.alts,
          createdAt: postEdits.createdAt,
        })
        .from(postEdits)
        .where(inArray(postEdits.postId, postIds))
        .orderBy(asc(postEdits.postId), asc(postEdits.createdAt), asc(postEdits.id));
    },

    /**
     * Issue 27: the people the person blocked or muted, by `(created_at, target)` on the list's
     * index, with their username.
     */
    relationsPage(kind: 'blocks' | 'mutes', profileId: number, cursor: { at: Date; id: number } | undefined, limit: number) {
      const table = kind === 'blocks' ? blocks : mutes;
      return db
        .select({ targetId: table.targetId, username: accounts.username, slug: socialProfiles.slug, createdAt: table.createdAt })
        .from(table)
        .innerJoin(socialProfiles, eq(socialProfiles.id, table.targetId))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(
          and(
            eq(table.profileId, profileId),
            cursor
              ? or(gt(table.createdAt, cursor.at), and(eq(table.createdAt, cursor.at), gt(table.targetId, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(asc(table.createdAt), asc(table.targetId))
        .limit(limit);
    },

    /** Issue 27: the person's bookmarks, by `(created_at, post)` on the list's index. */
    bookmarksPage(profileId: number, cursor: { at: Date; id: string } | undefined, limit: number) {
      return db
        .select({ postId: bookmarks.postId, createdAt: bookmarks.createdAt })
        .from(bookmarks)
        .where(
          and(
            eq(bookmarks.profileId, profileId),
            cursor
              ? or(gt(bookmarks.createdAt, cursor.at), and(eq(bookmarks.createdAt, cursor.at), gt(bookmarks.postId, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(asc(bookmarks.createdAt), asc(bookmarks.postId))
        .limit(limit);
    },

    /** Every picture of the person's posts (the export copies them). */
    async pictureKeys(profileId: number): Promise<string[]> {
      const rows = await db
        .select({ image: postAttachments.image, thumbnail: postAttachments.thumbnail })
        .from(postAttachments)
        .innerJoin(posts, eq(posts.id, postAttachments.postId))
        .where(eq(posts.createdById, profileId));
      return rows.flatMap((row) => [row.image, row.thumbnail]);
    },

    commentsPage(profileId: number, cursor: After, limit: number) {
      return db
        .select({ id: postComments.id, postId: postComments.postId, body: postComments.body, createdAt: postComments.createdAt })
        .from(postComments)
        .where(and(eq(postComments.createdById, profileId), after(postComments.createdAt, postComments.id, cursor)))
        .orderBy(asc(postComments.createdAt), asc(postComments.id))
        .limit(limit);
    },

    likesPage(profileId: number, cursor: After, limit: number) {
      return db
        .select({ id: postLikes.id, postId: postLikes.postId, createdAt: postLikes.createdAt })
        .from(postLikes)
        .where(and(eq(postLikes.profileId, profileId), after(postLikes.createdAt, postLikes.id, cursor)))
        .orderBy(asc(postLikes.createdAt), asc(postLikes.id))
        .limit(limit);
    },

    reports(profileId: number) {
      return db
        .select({ postId: postReports.postId, reason: postReports.reason, createdAt: postReports.createdAt })
        .from(postReports)
        .where(eq(postReports.profileId, profileId))
        .orderBy(asc(postReports.createdAt));
    },

    friendsPage(profileId: number, cursor: number | undefined, limit: number) {
      return db
        .select({
          friendId: friendships.friendId,
          slug: socialProfiles.slug,
          username: accounts.username,
          since: friendships.createdAt,
        })
        .from(friendships)
        .innerJoin(socialProfiles, eq(socialProfiles.id, friendships.friendId))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(eq(friendships.profileId, profileId), cursor === undefined ? undefined : gt(friendships.friendId, cursor)))
        .orderBy(asc(friendships.friendId))
        .limit(limit);
    },

    requests(profileId: number) {
      return db
        .select({
          fromMe: sql<boolean>`${friendshipRequests.createdById} = ${profileId}`,
          other: accounts.username,
          status: friendshipRequests.status,
          createdAt: friendshipRequests.createdAt,
        })
        .from(friendshipRequests)
        .innerJoin(
          socialProfiles,
          sql`${socialProfiles.id} = case when ${friendshipRequests.createdById} = ${profileId} then ${friendshipRequests.createdForId} else ${friendshipRequests.createdById} end`,
        )
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(or(eq(friendshipRequests.createdById, profileId), eq(friendshipRequests.createdForId, profileId)))
        .orderBy(asc(friendshipRequests.createdAt));
    },

    async ownPostIds(profileId: number): Promise<string[]> {
      const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.createdById, profileId)).orderBy(asc(posts.id));
      return rows.map((row) => row.id);
    },

    /** Takes the person's likes, comments and reports off other people's posts, counters included. */
    async removeReactions(profileId: number): Promise<void> {
      await db.execute(sql`update ${posts} p set likes_count = greatest(p.likes_count - 1, 0)
        from ${postLikes} l where l.post_id = p.id and l.profile_id = ${profileId}`);
      await db.delete(postLikes).where(eq(postLikes.profileId, profileId));
      await db.execute(sql`update ${posts} p set comments_count = greatest(p.comments_count - c.n, 0)
        from (select post_id, count(*)::int as n from ${postComments} where created_by_id = ${profileId} group by post_id) c
        where c.post_id = p.id`);
      await db.delete(postComments).where(eq(postComments.createdById, profileId));
      await db.execute(sql`update ${posts} p set reports_count = greatest(p.reports_count - 1, 0)
        from ${postReports} r where r.post_id = p.id and r.profile_id = ${profileId}`);
      await db.delete(postReports).where(eq(postReports.profileId, profileId));
    },

    /** Ends the person's friendships (their friends count one fewer) and requests either way. */
    async removeFriendships(profileId: number): Promise<void> {
      await db.execute(sql`update ${socialProfiles} s set friends_count = greatest(s.friends_count - 1, 0)
        from ${friendships} f where f.profile_id = ${profileId} and s.id = f.friend_id`);
      await db.delete(friendships).where(or(eq(friendships.profileId, profileId), eq(friendships.friendId, profileId)));
      await db
        .delete(friendshipRequests)
        .where(or(eq(friendshipRequests.createdById, profileId), eq(friendshipRequests.createdForId, profileId)));
    },

    async deleteProfile(profileId: number): Promise<void> {
      await db.delete(socialProfiles).where(eq(socialProfiles.id, profileId));
    },
  };
}
