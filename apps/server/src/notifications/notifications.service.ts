import { SOCIAL_MESSAGES, type Notification, type NotificationFilter, type NotificationType } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { NO_PROFILE, NotFound } from '../core/domain-errors.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { createNotificationsRepository, type NotificationRow } from './notifications.repository.js';

/** Contract §2 "Notification" body texts, with the actor's full name (and the post's first words, when it has text). */
const BODIES: Record<NotificationType, (actor: string, post: string | null) => string> = {
  new_friendrequest: (actor) => `${actor} sent you a friend request!`,
  accepted_friendrequest: (actor) => `${actor} accepted your friend request!`,
  rejected_friendrequest: (actor) => `${actor} rejected your friend request!`,
  post_like: (actor, post) => (post ? `${actor} liked your post “${post}”` : `${actor} liked one of your posts!`),
  post_comment: (actor, post) =>
    post ? `${actor} commented on your post “${post}”` : `${actor} commented on one of your posts!`,
  chat_message: (actor) => `${actor} sent you a message!`,
  mention: (actor, post) => (post ? `${actor} mentioned you: “${post}”` : `${actor} mentioned you in a post!`),
};

const EXCERPT_WORDS = 6;
const EXCERPT_CHARS = 60;

/** The first words of a post, to name it in a notification; null when it has no text. */
export function postExcerpt(body: string | null | undefined): string | null {
  const words = (body ?? '').trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return null;
  let text = words.slice(0, EXCERPT_WORDS).join(' ');
  let cut = words.length > EXCERPT_WORDS;
  if (text.length > EXCERPT_CHARS) {
    text = text.slice(0, EXCERPT_CHARS).trimEnd();
    cut = true;
  }
  return cut ? `${text}…` : text;
}

export const notificationBody = (type: NotificationType, actor: string, postBody?: string | null) =>
  BODIES[type](actor, postExcerpt(postBody));

/** The most unread notifications one list shows (the badge counts what the list holds). */
export const UNREAD_LIMIT = 100;

export interface NotifyInput {
  type: NotificationType;
  /** Recipient profile id. */
  to: number;
  actor: { id: number; fullName: string };
  postId?: string | null;
  /** The post's text, whose first words name it in the notification. */
  postBody?: string | null;
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
    /** The caller's social profile, whose notifications these are; 404 as the social network answers an account without one. */
    async recipientOf(accountId: number): Promise<number> {
      const profileId = await repo.recipientOf(accountId);
      if (profileId === undefined) throw new NotFound(SOCIAL_MESSAGES.noProfile, { code: NO_PROFILE });
      return profileId;
    },

    /**
     * The one place a notification is created. It runs after the write that caused it has been
     * committed, so whatever announces it (the realtime push comes here) never announces a change
     * that was rolled back. A failure is logged: the like or comment itself stands. Once stored, it is
     * published on the recipient's notification channel. Nobody is notified of their own action, nor
     * (issue 27) by someone they blocked, who blocked them or whom they muted. True when it was stored.
     */
    async notify({ type, to, actor, postId = null, postBody }: NotifyInput): Promise<boolean> {
      if (to === actor.id) return false;
      try {
        const stored = await repo.insertUnlessHidden({
          createdForId: to,
          createdById: actor.id,
          type,
          body: notificationBody(type, actor.fullName, postBody),
          postId,
        });
        if (!stored) return false;
      } catch (error) {
        log.error({ err: error, type, to }, 'could not store a notification');
        return false;
      }
      // Every open notification socket of the recipient, on any instance, hears of it (contract §9.2).
      await events.publish(CHANNELS.notifications(to), { type: 'notification.created', profileId: to, notificationType: type });
      return true;
    },

    /** The unread notifications, newest first, of the types `filter` names (issue 27), or all. */
    async unread(profileId: number, filter?: NotificationFilter): Promise<Notification[]> {
      return (await repo.unreadFor(profileId, UNREAD_LIMIT, filter)).map(serializeNotification);
    },

    markRead: (profileId: number, id: string) => repo.markRead(profileId, id),

    /** Marks every unread notification of a person read; answers how many there were. */
    markAllRead: (profileId: number) => repo.markAllRead(profileId),

    /** A chat the person has open is being read: its messages' notifications are read too. */
    markChatRead: (profileId: number, fromId: number) => repo.markChatRead(profileId, fromId),

    unreadChatsBySender: (profileId: number) => repo.unreadChatsBySender(profileId),

    /** Takes back the unread notification of an action that was undone (a like taken back). */
    withdraw: ({ type, to, actorId, postId }: { type: NotificationType; to: number; actorId: number; postId: string }) =>
      repo.deleteUnread({ type, createdForId: to, createdById: actorId, postId }),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
