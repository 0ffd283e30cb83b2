import { randomUUID } from 'node:crypto';
import { randomUUID as newId } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationFilter, NotificationType } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import { listedFor } from '../db/relations.js';
import { notifications, socialProfiles } from '../db/schema/index.js';

/** Issue 27: the notifications page's tabs; `friendship` is the three friend-request types. */
const TYPES_OF: Record<NotificationFilter, NotificationType[]> = {
  mention: ['mention'],
  post_like: ['post_like'],
  post_comment: ['post_comment'],
  chat_message: ['chat_message'],
  friendship: ['new_friendrequest', 'accepted_friendrequest', 'rejected_friendrequest'],
};

/** A notification the recipient may be shown: from nobody (the system), or from someone neither blocked and they did not mute (issue 27). */
const fromSomeoneListed = sql`(${notifications.createdById} is null or ${listedFor(notifications.createdForId, notifications.createdById)})`;

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  createdForId: number;
  createdById: number | null;
  type: NotificationType;
  body: string;
  postId: string | null;
  /** Now, unless given (demo data). */
  createdAt?: Date;
}

export function createNotificationsRepository(db: Executor) {
  return {
    /** The social profile an account's notifications are addressed to (notifications go to social profiles). */
    async recipientOf(accountId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: socialProfiles.id })
        .from(socialProfiles)
        .where(eq(socialProfiles.accountId, accountId));
      return row?.id;
    },

    /**
     * Issue 27: stores a notification unless its recipient and its actor blocked one another or the
     * recipient muted the actor (one statement: the check is two primary-key probes); false when
     * it was not stored.
     */
    async insertUnlessHidden(notification: NewNotification & { createdById: number }): Promise<boolean> {
      const { createdForId: to, createdById: from } = notification;
      const rows = (await db.execute(sql`
        insert into ${notifications} (id, created_for_id, created_by_id, type_of_notification, body, post_id)
        select ${newId()}, ${to}, ${from}, ${notification.type}, ${notification.body}, ${notification.postId}
        where ${listedFor(to, from)}
        returning id`)) as unknown as { rows: unknown[] };
      return rows.rows.length > 0;
    },

    async insert(notification: NewNotification): Promise<NotificationRow> {
      const [row] = await db
        .insert(notifications)
        .values({ id: randomUUID(), ...notification })
        .returning();
      return row!;
    },

    /**
     * Unread notifications of a person, newest first, of the types a filter names (issue 27); none
     * from people either blocked or the person muted, even those stored before.
     */
    unreadFor(profileId: number, limit: number, filter?: NotificationFilter): Promise<NotificationRow[]> {
      const types = filter ? TYPES_OF[filter] : undefined;
      return db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.createdForId, profileId),
            eq(notifications.isRead, false),
            types ? (types.length === 1 ? eq(notifications.type, types[0]!) : inArray(notifications.type, types)) : undefined,
            fromSomeoneListed,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    /** Marks a notification of this person read; false when it is not theirs or does not exist. */
    async markRead(profileId: number, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.createdForId, profileId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    async markAllRead(profileId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.createdForId, profileId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Marks read the unread chat messages one person sent another. */
    async markChatRead(profileId: number, fromId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(
            eq(notifications.createdForId, profileId),
            eq(notifications.createdById, fromId),
            eq(notifications.type, 'chat_message'),
            eq(notifications.isRead, false),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** How many unread chat messages a person has from each sender (one-to-one chats: per conversation). */
    async unreadChatsBySender(profileId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ senderId: notifications.createdById, count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(
          and(eq(notifications.createdForId, profileId), eq(notifications.type, 'chat_message'), eq(notifications.isRead, false)),
        )
        .groupBy(notifications.createdById);
      return new Map(rows.flatMap((row) => (row.senderId === null ? [] : [[row.senderId, row.count] as const])));
    },

    async deleteUnread(match: { type: NotificationType; createdForId: number; createdById: number; postId: string }) {
      await db
        .delete(notifications)
        .where(
          and(
            eq(notifications.type, match.type),
            eq(notifications.createdForId, match.createdForId),
            eq(notifications.createdById, match.createdById),
            eq(notifications.postId, match.postId),
            eq(notifications.isRead, false),
          ),
        );
    },
  };
}
