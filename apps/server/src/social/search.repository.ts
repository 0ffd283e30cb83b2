import { and, desc, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { posts } from '../db/schema/index.js';
import type { PageWindow } from './pagination.js';
import { selectPostsWithAuthors, visibleTo, type PostWithAuthor } from './posts.repository.js';
import { likePattern } from '../db/like.js';
import { listedFor } from '../db/relations.js';

/** How close a word of a post must be to the query to count as a typo of it ("sunyy" finds "sunny"). */
export const POST_TYPO_SIMILARITY = 0.5;

/**
 * Posts matching a text: full-text (English stemming, websearch syntax); for partial words and
 * other languages, a substring match that the trigram index serves; for typos, trigram word
 * similarity, as the shop's search does. Exact and full-text matches rank above typo matches.
 */
function matching(text: string) {
  const query = sql`websearch_to_tsquery('english', ${text})`;
  const similarity = sql`word_similarity(${text}, coalesce(${posts.body}, ''))`;
  return {
    where: sql`(${posts.search} @@ ${query} or ${posts.body} ilike ${likePattern(text)} or ${similarity} >= ${POST_TYPO_SIMILARITY})`,
    rank: sql`ts_rank(${posts.search}, ${query}) * 2 + (${posts.body} ilike ${likePattern(text)})::int + ${similarity}`,
  };
}

export function createSearchRepository(db: Executor) {
  return {
    /** Visible posts matching the text, best match first (newest first among equals); none of people the reader blocked or muted. */
    posts(text: string, viewerId: number | null, window: PageWindow): Promise<PostWithAuthor[]> {
      const { where, rank } = matching(text);
      return selectPostsWithAuthors(db, viewerId)
        .where(and(visibleTo(viewerId), listedFor(viewerId, posts.createdById), where))
        .orderBy(sql`${rank} desc`, desc(posts.createdAt), desc(posts.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(text: string, viewerId: number | null): Promise<number> {
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(posts)
        .where(and(visibleTo(viewerId), listedFor(viewerId, posts.createdById), matching(text).where));
      return row?.value ?? 0;
    },
  };
}
