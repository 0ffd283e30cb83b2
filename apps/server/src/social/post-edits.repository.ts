import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { postEdits } from '../db/schema/index.js';
import type { PageWindow } from './pagination.js';

export type PostEditRow = typeof postEdits.$inferSelect;

/** Issue 27: the versions of edited posts (written by `post-writes.repository.ts`'s `edit`). */
export function createPostEditsRepository(db: Executor) {
  return {
    /** A page of a post's versions, the newest first. */
    page(postId: string, window: PageWindow): Promise<PostEditRow[]> {
      const after = window.cursor
        ? sql`(${postEdits.createdAt}, ${postEdits.id}) < (${window.cursor.createdAt.toISOString()}::timestamptz, ${window.cursor.id}::uuid)`
        : undefined;
      return db
        .select()
        .from(postEdits)
        .where(and(eq(postEdits.postId, postId), after))
        .orderBy(desc(postEdits.createdAt), desc(postEdits.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(postId: string): Promise<number> {
      const [row] = await db
        .select({ value: sql<number>`count(*)::int` })
        .from(postEdits)
        .where(eq(postEdits.postId, postId));
      return row?.value ?? 0;
    },
  };
}
