import type { Executor } from '../db/client.js';
import { createPostModerationRepository, type ModerationDecision } from './post-moderation.repository.js';
import { createPostWritesRepository } from './post-writes.repository.js';

export type { ModerationDecision };

/**
 * What the back office does to posts (issue 15), keeping the counters and hashtag lists that
 * depend on a post's visibility right. Call inside the caller's transaction.
 */
export function createPostModeration(tx: Executor) {
  const writes = createPostWritesRepository(tx);
  const { decide, postIdsOf } = createPostModerationRepository(tx);

  return {
    /** Staff hide a post: it stays hidden whatever reports come. */
    async hide(postId: string): Promise<void> {
      await writes.hide(postId, 'staff');
      await decide(postId, 'hidden');
    },

    /** Staff restore a post (shown again, further reports do not hide it). */
    async restore(postId: string): Promise<void> {
      await writes.unhide(postId);
      await decide(postId, 'restored');
    },

    /** Staff find nothing wrong: the reports are closed, the post stays as it is. */
    dismiss: (postId: string) => decide(postId, 'dismissed'),

    /** A suspended person's visible posts are hidden; answers how many. */
    async hideAllOf(accountId: number): Promise<number> {
      const ids = await postIdsOf(accountId, false);
      for (const id of ids) await writes.hide(id, 'suspension');
      return ids.length;
    },

    /** On reinstatement, the posts the suspension hid are shown again (not those hidden for reports or by staff). */
    async restoreSuspended(accountId: number): Promise<number> {
      const ids = await postIdsOf(accountId, true);
      let restored = 0;
      for (const id of ids) if (await writes.unhide(id, 'suspension')) restored += 1;
      return restored;
    },
  };
}
