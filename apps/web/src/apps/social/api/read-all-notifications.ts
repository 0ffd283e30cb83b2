import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationsRead } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { notificationsKey } from './query-keys';

export const readAllNotifications = () =>
  apiRequest<NotificationsRead>('/api/social-notifications/read-all/', { method: 'POST' });

/** "Mark all as read": the list empties at once, and is re-read from the server afterwards. */
export function useReadAllNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onMutate: () => {
      client.setQueryData<Notification[]>(notificationsKey, (list) => list && []);
    },
    onSettled: () => void client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
