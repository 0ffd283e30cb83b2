/** What travels between instances: ids and types only; receivers load the rest from the database. */
export type PortalEvent =
  | { type: 'chat.message'; conversationId: string; messageId: string }
  | { type: 'notification.created'; profileId: number; notificationType: string }
  | { type: 'session.revoked'; sessionIds: string[] };

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

export const CHANNELS = {
  chat: (conversationId: string) => `chat:${conversationId}`,
  notifications: (profileId: number) => `notifications:${profileId}`,
  sessions: 'sessions',
} as const;
