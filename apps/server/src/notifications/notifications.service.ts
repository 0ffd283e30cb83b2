import type { Notification, NotificationType } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository.js';

/** Contract §2 "Notification" body texts, with the actor's full name. */
const BODIES: Record<NotificationType, (actor: string) => string> = {
  new_friendrequest: (actor) => `${actor} sent you a friend request!`,
  accepted_friendrequest: (actor) => `${actor} accepted your friend request!`,
  rejected_friendrequest: (actor) => `${actor} rejected your friend request!`,
  post_like: (actor) => `${actor} liked one of your posts!`,
  post_comment: (actor) => `${actor} commented on one of your posts!`,
  chat_message: (actor) => `${actor} sent you a message!`,
};

export const notificationBody = (type: NotificationType, actor: string) => BODIES[type](actor);

/** The most unread notifications one list shows (the badge counts what the list holds). */
export const UNREAD_LIMIT = 100;

export interface NotifyInput {
  type: NotificationType;
  /** Recipient profile id. */
  to: number;
  actor: { id: number; fullName: string };
  postId?: string | null;
}

export function serializeNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    body: row.body,
    type_of_notification: row.type as NotificationType,
    post_id: row.postId,
    created_for_id: row.createdForId,
  };
}

export function createNotificationsService({ db, log, events }: Pick<Deps, 'db' | 'log' | 'events'>) {
  const repo = createNotificationsRepository(db);

  return {
    /**
     * The one place a notification is created. It runs after the write that caused it has been
     * committed, so whatever announces it (the realtime push comes here) never announces a change
     * that was rolled back. A failure is logged: the like or comment itself stands. Once stored, it is
     * published on the recipient's notification channel.
     */
    async notify({ type, to, actor, postId = null }: NotifyInput): Promise<NotificationRow | undefined> {
      let row: NotificationRow;
      try {
        row = await repo.insert({
          createdForId: to,
          createdById: actor.id,
          type,
          body: notificationBody(type, actor.fullName),
          postId,
        });
      } catch (error) {
        log.error({ err: error, type, to }, 'could not store a notification');
        return undefined;
      }
      // Every open notification socket of the recipient, on any instance, hears of it (contract §9.2).
      await events.publish(CHANNELS.notifications(to), { type: 'notification.created', profileId: to, notificationType: type });
      return row;
    },

    async unread(profileId: number): Promise<Notification[]> {
      return (await repo.unreadFor(profileId, UNREAD_LIMIT)).map(serializeNotification);
    },

    markRead: (profileId: number, id: string) => repo.markRead(profileId, id),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
