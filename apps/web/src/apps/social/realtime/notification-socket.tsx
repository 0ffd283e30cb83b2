import { useNotificationSocket } from './use-live-sockets';

/**
 * Contract §9.2: while logged in, the notification socket keeps the count in the bar live. A
 * component of its own so the layout can load it after the first paint: the frames' schemas (zod)
 * stay out of the social network's first view, which a visitor never needs them for.
 */
export default function NotificationSocket() {
  useNotificationSocket();
  return null;
}
