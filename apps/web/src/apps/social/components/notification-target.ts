import type { Notification } from '@portal/contracts';

/** Spec §4: where reading a notification leads. */
export function notificationTarget(notification: Notification, ownSlug: string | undefined): string {
  switch (notification.type_of_notification) {
    case 'post_like':
    case 'post_comment':
    case 'mention':
      return notification.post_id ? `/social/${notification.post_id}` : '/social/home';
    case 'chat_message':
      return '/social/chat';
    default:
      return ownSlug ? `/social/profile/${ownSlug}/friends` : '/social/home';
  }
}
