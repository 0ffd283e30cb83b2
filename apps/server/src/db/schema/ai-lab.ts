import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A document attached to a question, as a message keeps it (its text stays in `ai_lab_attachments`). */
export interface AiMessageAttachment {
  id: string;
  name: string;
  pages: number;
  characters: number;
}

/** What the built-in engine says about a document, measured once when it is uploaded. */
export interface AiDocumentSummary {
  title: string;
  firstSentence: string;
  words: number;
  topWords: string[];
}

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

/**
 * A Funny Chat conversation of a logged-in account (anonymous visitors keep theirs in the browser).
 * Its messages form a tree (edits and regenerations keep the earlier branch); `current_seq` is the
 * last message of the branch shown, null for the newest message.
 */
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
    /** The model chosen for it; null for the account's or the server's default. */
    model: varchar({ length: 200 }),
    /** Instructions for this conversation only; null to follow the account's. */
    systemPrompt: text('system_prompt'),
    currentSeq: bigint('current_seq', { mode: 'number' }),
    /** The secret of its public read-only page, while it is shared. */
    shareToken: varchar('share_token', { length: 64 }),
    /** The last message the shared page shows (messages written after sharing are not shared). */
    sharedSeq: bigint('shared_seq', { mode: 'number' }),
    sharedAt: timestamp('shared_at', { withTimezone: true, precision: 3 }),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, title)`),
  },
  (t) => [
    index('ai_lab_conversations_account_idx').on(t.accountId, t.updatedAt, t.id),
    uniqueIndex('ai_lab_conversations_share_token_idx').on(t.shareToken),
    // btree_gin: one index answers "this account's conversations with these words".
    index('ai_lab_conversations_search_idx').using('gin', t.accountId, t.search),
  ],
);

/** One message of a conversation; `seq` keeps the order exact, `parent_seq` the message it follows. */
export const aiLabMessages = pgTable(
  'ai_lab_messages',
  {
    seq: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid().notNull().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => aiLabConversations.id, { onDelete: 'cascade' }),
    /** The conversation's owner, repeated so that one index answers a search of their messages. */
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    parentSeq: bigint('parent_seq', { mode: 'number' }).references((): AnyPgColumn => aiLabMessages.seq, {
      onDelete: 'cascade',
    }),
    role: varchar({ length: 10 }).$type<'user' | 'assistant'>().notNull(),
    content: text().notNull(),
    /** Documents attached to a question. */
    attachments: jsonb().$type<AiMessageAttachment[]>().notNull().default([]),
    /** URLs of pictures sent with a question. */
    pictures: jsonb().$type<string[]>().notNull().default([]),
    /** The model that wrote an answer. */
    model: varchar({ length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, content)`),
  },
  (t) => [
    index('ai_lab_messages_conversation_idx').on(t.conversationId, t.seq),
    uniqueIndex('ai_lab_messages_id_idx').on(t.id),
    index('ai_lab_messages_parent_idx').on(t.parentSeq),
    index('ai_lab_messages_search_idx').using('gin', t.accountId, t.search),
    // The back-office overview's AI lab requests per day (questions of the last 30 days).
    index('ai_lab_messages_questions_idx')
      .on(t.createdAt)
      .where(sql`${t.role} = 'user'`),
  ],
);

/** An account's AI lab settings: instructions for every conversation, and the model it starts with. */
export const aiLabSettings = pgTable('ai_lab_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  systemPrompt: text('system_prompt').notNull().default(''),
  model: varchar({ length: 200 }),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/**
 * A document uploaded for Funny Chat: its extracted text (the file itself is not kept). An upload
 * made while logged in belongs to that account; it is deleted after AI_MEDIA_TTL, as media are.
 */
export const aiLabAttachments = pgTable(
  'ai_lab_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    name: varchar({ length: 200 }).notNull(),
    kind: varchar({ length: 10 }).$type<'pdf' | 'text'>().notNull(),
    pages: integer().notNull(),
    characters: integer().notNull(),
    text: text().notNull(),
    summary: jsonb().$type<AiDocumentSummary>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('ai_lab_attachments_created_idx').on(t.createdAt), index('ai_lab_attachments_account_idx').on(t.accountId)],
);
