import { bigint, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
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
    /** The prompt a generated picture or voice was made from (the gallery shows it); null for uploads. */
    prompt: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_lab_media_created_idx').on(t.createdAt), index('ai_lab_media_account_idx').on(t.accountId, t.createdAt)],
);

/** A Funny Chat conversation of a logged-in account (anonymous visitors keep theirs in the browser). */
export const aiLabConversations = pgTable(
  'ai_lab_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    title: varchar({ length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('ai_lab_conversations_account_idx').on(t.accountId, t.updatedAt)],
);

/** One message of a conversation; `seq` keeps the order exact. */
export const aiLabMessages = pgTable(
  'ai_lab_messages',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiLabConversations.id, { onDelete: 'cascade' }),
    role: varchar({ length: 10 }).$type<'user' | 'assistant'>().notNull(),
    content: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('ai_lab_messages_conversation_idx').on(t.conversationId, t.seq)],
);
