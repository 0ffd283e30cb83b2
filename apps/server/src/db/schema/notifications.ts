import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { posts, socialProfiles } from './social.js';

/**
 * A notification for a social profile (contract §2 "Notification"). `body` is written when the
 * event happens, with the actor's name at that time.
 */
export const notifications = pgTable(
  'social_notifications',
  {
    id: uuid().primaryKey(),
    createdForId: integer('created_for_id')
      .notNull()
      .references(() => socialProfiles.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => socialProfiles.id, { onDelete: 'set null' }),
    type: varchar('type_of_notification', { length: 30 }).notNull(),
    body: varchar({ length: 300 }).notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Every notification of a person (their export) and those naming them or a post (deletions: of a
    // person, issue 26; of a post without reading every notification, issue 24).
    index('social_notifications_for_idx').on(t.createdForId, t.createdAt, t.id),
    index('social_notifications_by_idx')
      .on(t.createdById)
      .where(sql`${t.createdById} is not null`),
    index('social_notifications_post_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    index('social_notifications_unread_idx')
      .on(t.createdForId, t.createdAt)
      .where(sql`${t.isRead} = false`),
    // Issue 27: the notifications page's tabs (`?type=`).
    index('social_notifications_unread_type_idx')
      .on(t.createdForId, t.type, t.createdAt)
      .where(sql`${t.isRead} = false`),
  ],
);
