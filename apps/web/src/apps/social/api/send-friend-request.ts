import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { profilePostsKey, suggestionsKey } from './query-keys';

export function sendFriendRequest(slug: string): Promise<{ message: string }> {
  return apiRequest(`/api/social-profiles/friends/${encodeURIComponent(slug)}/request/`, { method: 'POST' });
}

export function useSendFriendRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSettled: (_answer, _error, slug) => {
      void client.invalidateQueries({ queryKey: profilePostsKey(slug) });
      void client.invalidateQueries({ queryKey: suggestionsKey });
    },
  });
}
