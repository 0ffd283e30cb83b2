import { useQuery } from '@tanstack/react-query';
import type { Notification, NotificationFilter } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { notificationsKey, notificationsOfKey } from './query-keys';

export const getNotifications = () => apiRequest<Notification[]>('/api/social-notifications/');

/** Contract §7.1: the unread notifications; their number is the badge (spec §4). Asked only when logged in; the notification socket re-fetches it on every push. */
export function useNotifications() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: notificationsKey,
    queryFn: getNotifications,
    enabled: loggedIn,
    // The notification socket pushes changes; this is only a safety net.
    refetchInterval: 5 * 60_000,
  });
}

/** Issue 27: one tab of the notifications page: the unread notifications of one kind. */
export function useNotificationsOf(type: NotificationFilter | null) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: notificationsOfKey(type ?? 'all'),
    queryFn: () => apiRequest<Notification[]>('/api/social-notifications/', { query: { type } }),
    enabled: loggedIn && type !== null,
  });
}
