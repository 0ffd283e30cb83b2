import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, hashtags, portalMeta, postHashtags, posts, socialProfiles, trends } from '../db/schema/index.js';
import type { PageWindow } from './pagination.js';
import { afterCursor, postColumnsFor, type PostWithAuthor } from './posts.repository.js';
import { profileColumns } from './profiles.repository.js';
import { listedFor } from '../db/relations.js';

export interface TrendRow {
  id: number;
  hashtag: string;
  occurences: number;
}

const META = { computedAt: 'social:trends-computed-at', changedAt: 'social:trends-changed-at' } as const;

export function createHashtagsRepository(db: Executor) {
  async function setMeta(key: string, value: string) {
    await db
      .insert(portalMeta)
      .values({ key, value })
      .onConflictDoUpdate({ target: portalMeta.key, set: { value, updatedAt: new Date() } });
  }

  /** Links a new post to its tags, counting it on each tag when it is listed (public). */
  async function tag(postId: string, createdAt: Date, tags: string[], listed: boolean): Promise<void> {
    if (tags.length === 0) return;
    // Sorted, so that two posts with the same tags lock the tag rows in the same order.
    const rows = await db
      .insert(hashtags)
      .values([...tags].sort().map((name) => ({ tag: name, publicPostsCount: listed ? 1 : 0 })))
      .onConflictDoUpdate({
        target: hashtags.tag,
        set: { publicPostsCount: sql`${hashtags.publicPostsCount} + excluded.public_posts_count` },
      })
      .returning({ id: hashtags.id });
    await db.insert(postHashtags).values(rows.map((row) => ({ postId, hashtagId: row.id, createdAt, listed })));
  }

  return {
    tag,

    /**
     * Issue 27: a post's tags after its text was edited: links to tags it lost go (and, when it is
     * listed, their counts), links to new ones are made. True when its tags changed.
     */
    async retag(postId: string, createdAt: Date, tags: string[], listed: boolean): Promise<boolean> {
      const linked = await db
        .select({ hashtagId: postHashtags.hashtagId, tag: hashtags.tag })
        .from(postHashtags)
        .innerJoin(hashtags, eq(hashtags.id, postHashtags.hashtagId))
        .where(eq(postHashtags.postId, postId));
      const wanted = new Set(tags);
      const dropped = linked
        .filter((row) => !wanted.has(row.tag))
        .map((row) => row.hashtagId)
        .sort((a, b) => a - b);
      const added = tags.filter((tag) => !linked.some((row) => row.tag === tag));
      if (dropped.length > 0) {
        await db.delete(postHashtags).where(and(eq(postHashtags.postId, postId), inArray(postHashtags.hashtagId, dropped)));
        if (listed) {
          await db
            .update(hashtags)
            .set({ publicPostsCount: sql`greatest(${hashtags.publicPostsCount} - 1, 0)` })
            .where(inArray(hashtags.id, dropped));
        }
      }
      await tag(postId, createdAt, added, listed);
      return dropped.length > 0 || added.length > 0;
    },

    /** Takes a post off its tags' lists (deleted or hidden); true when it had tags. */
    async unlist(postId: string, wasListed: boolean): Promise<boolean> {
      const linked = await db
        .select({ hashtagId: postHashtags.hashtagId })
        .from(postHashtags)
        .where(eq(postHashtags.postId, postId));
      if (linked.length === 0) return false;
      if (wasListed) {
        await db
          .update(hashtags)
          .set({ publicPostsCount: sql`greatest(${hashtags.publicPostsCount} - 1, 0)` })
          .where(
            inArray(
              hashtags.id,
              linked.map((row) => row.hashtagId).sort((a, b) => a - b),
            ),
          );
        await db.update(postHashtags).set({ listed: false }).where(eq(postHashtags.postId, postId));
      }
      return true;
    },

    /** Puts a public post back on its tags' lists (shown again after being hidden). */
    async relist(postId: string): Promise<void> {
      const linked = await db
        .update(postHashtags)
        .set({ listed: true })
        .where(and(eq(postHashtags.postId, postId), eq(postHashtags.listed, false)))
        .returning({ hashtagId: postHashtags.hashtagId });
      if (linked.length === 0) return;
      await db
        .update(hashtags)
        .set({ publicPostsCount: sql`${hashtags.publicPostsCount} + 1` })
        .where(
          inArray(
            hashtags.id,
            linked.map((row) => row.hashtagId).sort((a, b) => a - b),
          ),
        );
    },

    async find(tag: string): Promise<{ id: number; publicPostsCount: number } | undefined> {
      const [row] = await db
        .select({ id: hashtags.id, publicPostsCount: hashtags.publicPostsCount })
        .from(hashtags)
        .where(eq(hashtags.tag, tag));
      return row;
    },

    /** Listed posts carrying a tag, newest first, on the tag's own index; none of people the reader blocked, muted or is blocked by. */
    trendPage(hashtagId: number, viewerId: number | null, window: PageWindow): Promise<PostWithAuthor[]> {
      return db
        .select({ ...postColumnsFor(viewerId), author: profileColumns })
        .from(postHashtags)
        .innerJoin(posts, eq(posts.id, postHashtags.postId))
        .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(
          and(
            eq(postHashtags.hashtagId, hashtagId),
            sql`${postHashtags.listed}`,
            listedFor(viewerId, posts.createdById),
            afterCursor(window, postHashtags.createdAt, postHashtags.postId),
          ),
        )
        .orderBy(desc(postHashtags.createdAt), desc(postHashtags.postId))
        .limit(window.limit)
        .offset(window.offset);
    },

    /** The most used tags of listed posts since a moment: how many posts, most first. */
    topSince(since: Date, limit: number): Promise<{ hashtagId: number; occurences: number }[]> {
      return db
        .select({ hashtagId: postHashtags.hashtagId, occurences: sql<number>`count(*)::int` })
        .from(postHashtags)
        .where(and(sql`${postHashtags.listed}`, gt(postHashtags.createdAt, since)))
        .groupBy(postHashtags.hashtagId)
        .orderBy(sql`count(*) desc`, sql`max(${postHashtags.createdAt}) desc`)
        .limit(limit);
    },

    /** When it is quiet: the tags of the most recent listed tagged posts, each with its public post count. */
    recentlyUsed(postLimit: number, limit: number): Promise<{ hashtagId: number; occurences: number }[]> {
      const recent = db
        .select({ id: posts.id, createdAt: posts.createdAt })
        .from(posts)
        .where(
          sql`${posts.isPrivate} = false and ${posts.isHidden} = false
            and exists (select 1 from ${postHashtags} where ${postHashtags.postId} = ${posts.id})`,
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(postLimit)
        .as('recent');
      return db
        .select({ hashtagId: postHashtags.hashtagId, occurences: sql<number>`max(${hashtags.publicPostsCount})::int` })
        .from(recent)
        .innerJoin(postHashtags, eq(postHashtags.postId, recent.id))
        .innerJoin(hashtags, eq(hashtags.id, postHashtags.hashtagId))
        .groupBy(postHashtags.hashtagId)
        .orderBy(sql`count(*) desc`, sql`max(${recent.createdAt}) desc`)
        .limit(limit);
    },

    /**
     * Keeps these as the trends, in this order; true when they differ from the trends kept so far
     * (only then do the public answers showing them change). Either way they count as computed now.
     */
    async replaceTrends(rows: { hashtagId: number; occurences: number }[], computedAt: Date): Promise<boolean> {
      const kept = await db
        .select({ hashtagId: trends.hashtagId, occurences: trends.occurences })
        .from(trends)
        .orderBy(asc(trends.rank))
        .for('update');
      const same =
        kept.length === rows.length &&
        kept.every((row, index) => row.hashtagId === rows[index]!.hashtagId && row.occurences === rows[index]!.occurences);
      if (!same) {
        await db.delete(trends);
        if (rows.length > 0) await db.insert(trends).values(rows.map((row, index) => ({ ...row, rank: index + 1 })));
      }
      await setMeta(META.computedAt, computedAt.toISOString());
      return !same;
    },

    listTrends(): Promise<TrendRow[]> {
      return db
        .select({ id: hashtags.id, hashtag: hashtags.tag, occurences: trends.occurences })
        .from(trends)
        .innerJoin(hashtags, eq(hashtags.id, trends.hashtagId))
        .orderBy(asc(trends.rank));
    },

    /** When the trends were last computed, and when listed tagged posts last changed. */
    async trendsState(): Promise<{ computedAt: Date | null; changedAt: Date | null }> {
      const rows = await db
        .select({ key: portalMeta.key, value: portalMeta.value })
        .from(portalMeta)
        .where(inArray(portalMeta.key, [META.computedAt, META.changedAt]));
      const read = (key: string) => {
        const value = rows.find((row) => row.key === key)?.value;
        return value ? new Date(value) : null;
      };
      return { computedAt: read(META.computedAt), changedAt: read(META.changedAt) };
    },

    markTrendsChanged: () => setMeta(META.changedAt, new Date().toISOString()),
  };
}
