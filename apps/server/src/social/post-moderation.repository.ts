import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { posts, socialProfiles } from '../db/schema/index.js';

export type ModerationDecision = 'hidden' | 'restored' | 'dismissed';

/** The back office's decisions on posts, and a person's posts by visibility (issue 15). */
export function createPostModerationRepository(db: Executor) {
  return {
    async decide(postId: string, moderation: ModerationDecision): Promise<void> {
      await db.update(posts).set({ moderation }).where(eq(posts.id, postId));
    },

    /** The ids of an account's posts that are hidden, or shown, in id order (rows are locked in that order). */
    async postIdsOf(accountId: number, hidden: boolean): Promise<string[]> {
      const rows = await db
        .select({ id: posts.id })
        .from(posts)
        .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
        .where(and(eq(socialProfiles.accountId, accountId), eq(posts.isHidden, hidden)));
      return rows.map((row) => row.id).sort();
    },
  };
}
