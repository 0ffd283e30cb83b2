import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  SOCIAL_MESSAGES,
  type Conversation,
  type ConversationDetail,
  type ConversationMessage,
} from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { CHANNELS, withinPayloadLimit } from '../core/events/event-bus.js';
import { Forbidden, Invalid, NotFound } from '../core/domain-errors.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ChatPresence } from './chat-presence.js';
import { createChatRepository, isMember, otherMember, type ConversationRow, type MessageRow } from './chat.repository.js';
import { actorOf, serializeProfile } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';
import { createRelationsRepository } from './relations.repository.js';
import { timesince } from './timesince.js';

/** The most conversations one list shows. */
export const CONVERSATION_LIST_LIMIT = 200;

const conversationNotFound = () => new NotFound(CHAT_MESSAGES.conversationNotFound);

/** One-to-one chat (contract §6): conversations, their messages, and sending. */
export function createChatService(
  { db, media, events }: Pick<Deps, 'db' | 'media' | 'events'>,
  notifications: NotificationsService,
  presence: ChatPresence,
) {
  const repo = createChatRepository(db);
  const profiles = createProfilesRepository(db);
  const relations = createRelationsRepository(db);
  const blockedChat = () => new Forbidden(SOCIAL_MESSAGES.blockedChat);

  function serializeMessage(row: MessageRow, people: Map<number, ProfileRow>, now = new Date()): ConversationMessage {
    return {
      id: row.id,
      sent_to: serializeProfile(people.get(row.sentToId)!, media),
      created_by: serializeProfile(people.get(row.createdById)!, media),
      created_at_formatted: timesince(row.createdAt, now),
      body: row.body,
      created_at: row.createdAt.toISOString(),
    };
  }

  async function detailOf(conversation: ConversationRow, before?: MessageRow): Promise<ConversationDetail> {
    const page = await repo.page(conversation.id, before, CHAT_LIMITS.pageSize);
    const people = await repo.profiles([conversation.lowProfileId, conversation.highProfileId]);
    const now = new Date();
    return {
      id: conversation.id,
      users: [conversation.lowProfileId, conversation.highProfileId],
      modified_at_formatted: timesince(conversation.modifiedAt, now),
      messages: page.messages.map((row) => serializeMessage(row, people, now)),
      has_older: page.hasOlder,
    };
  }

  /** A conversation the viewer belongs to; 404 otherwise, whether it exists or not; 403 once either member blocked the other (issue 27). */
  async function membersOnly(viewer: ProfileRow, id: string): Promise<ConversationRow> {
    const conversation = await repo.findFor(id, viewer.id);
    if (!conversation || !isMember(conversation, viewer.id)) throw conversationNotFound();
    if (conversation.blocked) throw blockedChat();
    return conversation;
  }

  return {
    /** Contract §6.1: most recently active first, with both members and the last message. */
    async list(viewer: ProfileRow): Promise<Conversation[]> {
      const rows = await repo.listFor(viewer.id, CONVERSATION_LIST_LIMIT);
      const [people, last, unread] = await Promise.all([
        repo.profiles(rows.flatMap((row) => [row.lowProfileId, row.highProfileId])),
        repo.lastMessages(rows.map((row) => row.id)),
        notifications.unreadChatsBySender(viewer.id),
      ]);
      const now = new Date();
      return rows.map((row) => {
        const message = last.get(row.id);
        return {
          id: row.id,
          users: [people.get(row.lowProfileId)!, people.get(row.highProfileId)!].map((profile) =>
            serializeProfile(profile, media),
          ),
          modified_at_formatted: timesince(row.modifiedAt, now),
          modified_at: row.modifiedAt.toISOString(),
          last_message: message
            ? {
                id: message.id,
                body: message.body,
                created_by_id: message.createdById,
                created_at: message.createdAt.toISOString(),
              }
            : null,
          unread_count: unread.get(otherMember(row, viewer.id)) ?? 0,
        };
      });
    },

    /** Contract §6.2: never with oneself; an unknown slug is 404; someone either of the two blocked, 403 (issue 27). */
    async getOrCreate(viewer: ProfileRow, slug: string): Promise<ConversationDetail> {
      const other = await profiles.findBySlug(slug);
      if (!other) throw new NotFound(CHAT_MESSAGES.profileNotFound);
      if (other.id === viewer.id) throw new Invalid(CHAT_MESSAGES.notWithYourself);
      if (await relations.blockedBetween(viewer.id, other.id)) throw blockedChat();
      return detailOf(await repo.findOrCreate(viewer.id, other.id));
    },

    /** Contract §6.3: the newest page of messages, or the page before the message `before`. */
    async detail(viewer: ProfileRow, id: string, beforeId?: string): Promise<ConversationDetail> {
      const conversation = await membersOnly(viewer, id);
      let before: MessageRow | undefined;
      if (beforeId) {
        before = await repo.findMessage(beforeId);
        if (!before || before.conversationId !== conversation.id) {
          throw Invalid.fields({ before: ['No such message in this conversation.'] });
        }
      }
      return detailOf(conversation, before);
    },

    /**
     * Contract §6.4: stores the message and the conversation's new activity in one statement (which
     * also checks membership and reads the other member), announces it to every chat socket of the
     * conversation at once (the event carries the message: nothing is read back), and meanwhile
     * notifies the other member (unless they have this chat open: then they are reading it, and its
     * earlier notifications are read too). The announcement does not wait for the notification's write.
     */
    async send(viewer: ProfileRow, id: string, body: string): Promise<ConversationMessage> {
      const stored = await repo.insertFromMember(id, viewer.id, body);
      // Nothing stored: not a member (404), or one of the two blocked the other (403; checked only then).
      if (!stored) await membersOnly(viewer, id);
      if (!stored) throw conversationNotFound();
      const { message: row, to } = stored;
      const people = new Map([
        [viewer.id, viewer],
        [to.id, to],
      ]);
      const message = serializeMessage(row, people);
      const announced = events.publish(CHANNELS.chat(row.conversationId), {
        type: 'chat.message',
        conversationId: row.conversationId,
        messageId: row.id,
        message: withinPayloadLimit(message),
      });
      const notified = presence.isOpen(row.conversationId, to.id)
        ? notifications.markChatRead(to.id, viewer.id)
        : notifications.notify({ type: 'chat_message', to: to.id, actor: actorOf(viewer) });
      await Promise.all([announced, notified]);
      return message;
    },

    /**
     * Whether a person may listen to a conversation (its chat socket: a member, and neither blocked the
     * other); when they may, it answers the other member's id, whose unread messages are read once the chat is open.
     */
    async mayListen(profileId: number, conversationId: string): Promise<number | undefined> {
      const conversation = await repo.findFor(conversationId, profileId);
      if (conversation === undefined || !isMember(conversation, profileId) || conversation.blocked) return undefined;
      return otherMember(conversation, profileId);
    },

    /** The chat socket of `profileId` opened `conversationId`: it is read from now on, and its earlier messages are. */
    async opened(profileId: number, conversationId: string, otherId: number): Promise<() => void> {
      const leave = presence.enter(conversationId, profileId);
      await notifications.markChatRead(profileId, otherId);
      return leave;
    },

    /** A stored message as the chat socket sends it, or undefined when it is gone (for events that carried only its id). */
    async messageById(messageId: string): Promise<ConversationMessage | undefined> {
      const row = await repo.findMessage(messageId);
      if (!row) return undefined;
      return serializeMessage(row, await repo.profiles([row.createdById, row.sentToId]));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
