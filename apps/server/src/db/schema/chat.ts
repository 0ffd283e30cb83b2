import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { socialProfiles } from './social.js';

const profileRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => socialProfiles.id, { onDelete: 'cascade' });

/** Millisecond timestamps, so keyset cursors compare exactly. */
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

/**
 * A one-to-one conversation (contract §2 "Conversation"). The two members are stored as the lower
 * and the higher profile id, so "the conversation of these two" is one unique key and two people
 * starting it at once end up in the same one. `modified_at` is the time of the last message.
 */
export const conversations = pgTable(
  'social_conversations',
  {
    id: uuid().primaryKey(),
    lowProfileId: profileRef('low_profile_id'),
    highProfileId: profileRef('high_profile_id'),
    createdAt: at('created_at'),
    modifiedAt: at('modified_at'),
  },
  (t) => [
    uniqueIndex('social_conversations_pair_key').on(t.lowProfileId, t.highProfileId),
    index('social_conversations_high_idx').on(t.highProfileId, t.modifiedAt),
    index('social_conversations_low_idx').on(t.lowProfileId, t.modifiedAt),
    check('social_conversations_two_people', sql`${t.lowProfileId} < ${t.highProfileId}`),
  ],
);

/**
 * A message of a conversation (contract §2 "ConversationMessage"). `seq` orders messages exactly as
 * they were stored, even within one millisecond; pages are `seq` ranges of one conversation.
 */
export const conversationMessages = pgTable(
  'social_conversation_messages',
  {
    id: uuid().primaryKey(),
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdById: profileRef('created_by_id'),
    sentToId: profileRef('sent_to_id'),
    body: text().notNull(),
    createdAt: at('created_at'),
  },
  (t) => [
    index('social_conversation_messages_conversation_idx').on(t.conversationId, t.seq),
    // The profile foreign keys: deleting a profile (issue 26) finds its messages by index.
    index('social_conversation_messages_author_idx').on(t.createdById),
    index('social_conversation_messages_recipient_idx').on(t.sentToId),
  ],
);
