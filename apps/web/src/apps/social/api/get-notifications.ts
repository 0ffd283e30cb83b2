import { useQuery } from '@tanstack/react-query';
import type { Notification } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';

export const notificationsKey = ['social', 'notifications'] as const;

export const getNotifications = () => apiRequest<Notification[]>('/api/social-notifications/');

/** Contract §7.1: the unread notifications; their number is the badge (spec §4). Asked only when logged in. */
export function useNotifications() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: notificationsKey,
    queryFn: getNotifications,
    enabled: loggedIn,
    // Until the realtime push arrives, look again now and then.
    refetchInterval: 60_000,
  });
}
