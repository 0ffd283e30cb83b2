import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { notificationsKey } from './query-keys';

export function readNotification(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-notifications/read/${encodeURIComponent(id)}/`, { method: 'POST' });
}

/** Contract §7.2: reading one lowers the count at once. */
export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onMutate: (id) => {
      client.setQueryData<Notification[]>(notificationsKey, (list) => list?.filter((item) => item.id !== id));
    },
    onSettled: () => void client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
