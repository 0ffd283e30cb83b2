import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** The social network's profile of an account (contract §2 "Profile"). */
export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    slug: varchar({ length: 120 }).notNull(),
    avatar: varchar({ length: 300 }),
    friendsCount: integer('friends_count').notNull().default(0),
    postsCount: integer('posts_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_profiles_account_key').on(t.accountId), uniqueIndex('social_profiles_slug_key').on(t.slug)],
);
