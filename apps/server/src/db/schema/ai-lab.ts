import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * Every file the AI lab stores: generated pictures and voices, and pictures uploaded for the chat.
 * The row is what makes a file the lab's (downloads serve only these), says whose an upload is,
 * and dates it for the purge job.
 */
export const aiLabMedia = pgTable(
  'ai_lab_media',
  {
    key: varchar({ length: 200 }).primaryKey(),
    kind: varchar({ length: 10 }).$type<'image' | 'voice' | 'vision'>().notNull(),
    /** Who made or uploaded it; null for anonymous visitors. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_lab_media_created_idx').on(t.createdAt)],
);
