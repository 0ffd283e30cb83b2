import { z } from 'zod';
import { textField } from './fields.js';
import { NOTIFICATION_TYPES, profileSchema } from './social.js';

/** Limits of a chat message, shared by the server's checks and the web send box. */
export const CHAT_LIMITS = { maxBodyLength: 4000, pageSize: 50 } as const;

export const CHAT_MESSAGES = {
  conversationNotFound: 'Conversation not found.',
  profileNotFound: 'No Profile matches the given query.',
  notWithYourself: 'You cannot start a conversation with yourself.',
} as const;

/** Contract §2 "ConversationMessage", plus the ISO time for clients that format times themselves. */
export const conversationMessageSchema = z.object({
  id: z.uuid(),
  sent_to: profileSchema,
  created_by: profileSchema,
  created_at_formatted: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** The last message of a conversation, as the conversation list shows it (not in the reference contract). */
export const lastMessageSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  created_by_id: z.number().int(),
  created_at: z.string(),
});

/**
 * Contract §2 "Conversation" (list form), plus the last message, the ISO time of the last activity
 * and how many of the other member's messages the caller has not read.
 */
export const conversationSchema = z.object({
  id: z.uuid(),
  users: z.array(profileSchema),
  modified_at_formatted: z.string(),
  modified_at: z.string(),
  last_message: lastMessageSchema.nullable(),
  unread_count: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * Contract §2 "ConversationDetail": `users` are bare profile ids; `messages` oldest first. Long
 * histories come in pages: the newest `CHAT_LIMITS.pageSize` messages, and `has_older` tells
 * whether `?before=<oldest message id>` has more.
 */
export const conversationDetailSchema = z.object({
  id: z.uuid(),
  users: z.array(z.number().int()),
  modified_at_formatted: z.string(),
  messages: z.array(conversationMessageSchema),
  has_older: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** Contract §6.4. */
export const sendMessageRequestSchema = z.object({ body: textField(CHAT_LIMITS.maxBodyLength) });

/** Websocket paths (contract §9); the browser adds the access token (deviation 1). */
export const CHAT_SOCKET_PATH = (conversationId: string, profileId: number) => `/ws/social-chat/${conversationId}/${profileId}/`;
export const NOTIFICATION_SOCKET_PATH = (profileId: number) => `/ws/notification/${profileId}/`;

/**
 * Frames the server sends. `{ready: true}` comes once the socket is authorised and subscribed (an
 * addition: clients written against the contract ignore frames without `message`); a client
 * re-fetches then, so nothing sent while it was away is missed.
 */
export const chatSocketFrameSchema = z.union([
  z.object({ message: conversationMessageSchema }),
  z.object({ ready: z.literal(true) }),
]);
export type ChatSocketFrame = z.infer<typeof chatSocketFrameSchema>;

export const notificationSocketFrameSchema = z.union([
  z.object({ message: z.enum(NOTIFICATION_TYPES) }),
  z.object({ ready: z.literal(true) }),
]);
export type NotificationSocketFrame = z.infer<typeof notificationSocketFrameSchema>;

/**
 * Close codes of the portal's sockets (deviation 1): 4401 a missing or refused token, 4403 not yours;
 * 4423 (issue 27) the account was suspended, with the reason in the close frame.
 */
export const SOCKET_CLOSE_CODES = { unauthenticated: 4401, forbidden: 4403, suspended: 4423 } as const;
