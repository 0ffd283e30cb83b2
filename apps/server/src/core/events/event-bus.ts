import type { ConversationMessage } from '@portal/contracts';

/**
 * What travels between instances: an event carries what it announces (a chat message as its socket
 * frame sends it), so delivery needs no read. A payload over `EVENT_PAYLOAD_LIMIT` bytes travels as
 * its id alone, and receivers load it.
 */
export type PortalEvent =
  | { type: 'chat.message'; conversationId: string; messageId: string; message?: ConversationMessage }
  | { type: 'notification.created'; profileId: number; notificationType: string }
  /** Login sessions ended; `suspended` (issue 27) is the message when their account was suspended. */
  | { type: 'session.revoked'; sessionIds: string[]; suspended?: string }
  /** Issue 27: every socket of the channel closes (a chat whose two people one blocked the other). */
  | { type: 'channel.closed'; code: number; reason: string }
  /** What public answers of these scopes show has changed (public-cache.ts). */
  | { type: 'content.changed'; scopes: string[]; origin: string };

export type EventHandler = (event: PortalEvent) => void;

export interface Subscription {
  /** Settles once events published from anywhere reach the handler (Redis confirmed SUBSCRIBE). */
  ready: Promise<void>;
  end(): void;
}

/**
 * Publish/subscribe between the parts of the portal and across instances: in-process by default,
 * Redis pub/sub when `REDIS_URL` is set. Delivery is best effort: state lives in the database first,
 * and clients resynchronise after a gap.
 */
export interface EventBus {
  publish(channel: string, event: PortalEvent): Promise<void>;
  subscribe(channel: string, handler: EventHandler): Subscription;
  close(): Promise<void>;
}

/** Bytes of JSON a payload may take on the bus (Redis handles far more; this keeps fan-out cheap). */
export const EVENT_PAYLOAD_LIMIT = 32 * 1024;

/** The payload itself when its JSON fits `EVENT_PAYLOAD_LIMIT`, otherwise undefined. */
export function withinPayloadLimit<T>(payload: T): T | undefined {
  return Buffer.byteLength(JSON.stringify(payload)) <= EVENT_PAYLOAD_LIMIT ? payload : undefined;
}

export const CHANNELS = {
  chat: (conversationId: string) => `chat:${conversationId}`,
  notifications: (profileId: number) => `notifications:${profileId}`,
  sessions: 'sessions',
  content: 'content',
} as const;
