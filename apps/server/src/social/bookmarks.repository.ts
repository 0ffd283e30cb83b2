import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, bookmarks, posts, socialProfiles } from '../db/schema/index.js';
import type { PageWindow } from './pagination.js';
import { postColumnsFor, visibleTo, type PostWithAuthor } from './posts.repository.js';
import { profileColumns } from './profiles.repository.js';

/** A bookmarked post with when it was bookmarked (the list's order and its keyset cursor). */
export type BookmarkRow = PostWithAuthor & { bookmarkedAt: Date };

/** Issue 27: posts someone keeps for later. */
export function createBookmarksRepository(db: Executor) {
  /** The viewer's bookmarks of posts they may still see (a post made private to them or hidden drops out). */
  const mine = (viewerId: number) => and(eq(bookmarks.profileId, viewerId), visibleTo(viewerId));

  return {
    /** True when the bookmark is new. */
    async add(profileId: number, postId: string): Promise<boolean> {
      const added = await db
        .insert(bookmarks)
        .values({ profileId, postId })
        .onConflictDoNothing()
        .returning({ postId: bookmarks.postId });
      return added.length > 0;
    },

    async remove(profileId: number, postId: string): Promise<boolean> {
      const removed = await db
        .delete(bookmarks)
        .where(and(eq(bookmarks.profileId, profileId), eq(bookmarks.postId, postId)))
        .returning({ postId: bookmarks.postId });
      return removed.length > 0;
    },

    /** A page of the viewer's bookmarks, the latest bookmark first, on the `(profile_id, created_at, post_id)` index. */
    page(viewerId: number, window: PageWindow): Promise<BookmarkRow[]> {
      const after = window.cursor
        ? sql`(${bookmarks.createdAt}, ${bookmarks.postId}) < (${window.cursor.createdAt.toISOString()}::timestamptz, ${window.cursor.id}::uuid)`
        : undefined;
      return db
        .select({ ...postColumnsFor(viewerId), author: profileColumns, bookmarkedAt: bookmarks.createdAt })
        .from(bookmarks)
        .innerJoin(posts, eq(posts.id, bookmarks.postId))
        .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(and(mine(viewerId), after))
        .orderBy(desc(bookmarks.createdAt), desc(bookmarks.postId))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(viewerId: number): Promise<number> {
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(bookmarks)
        .innerJoin(posts, eq(posts.id, bookmarks.postId))
        .where(mine(viewerId));
      return row?.value ?? 0;
    },
  };
}
