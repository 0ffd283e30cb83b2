import { and, asc, count, eq, gt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { notifications } from '../db/schema/index.js';

/** A member's notifications (issue 26): those addressed to them, and those naming them in other people's lists. */
export function createNotificationsDataRepository(db: Executor) {
  return {
    async count(profileId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.createdForId, profileId));
      return row?.n ?? 0;
    },

    page(profileId: number, after: { at: Date; id: string } | undefined, limit: number) {
      return db
        .select({
          id: notifications.id,
          type: notifications.type,
          body: notifications.body,
          isRead: notifications.isRead,
          postId: notifications.postId,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(
          and(
            eq(notifications.createdForId, profileId),
            after
              ? or(
                  gt(notifications.createdAt, after.at),
                  and(eq(notifications.createdAt, after.at), gt(notifications.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
        .limit(limit);
    },

    /** Their own, and the ones about them in other lists (the body names them as they were then). */
    async deleteAll(profileId: number): Promise<void> {
      await db
        .delete(notifications)
        .where(or(eq(notifications.createdForId, profileId), eq(notifications.createdById, profileId)));
    },
  };
}
