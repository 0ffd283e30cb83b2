import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendshipAnswer } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { meKey } from '../../../shared/api/query-keys';
import { friendsRootKey, postListsKey, suggestionsKey } from './query-keys';

export function answerFriendRequest(requesterSlug: string, status: FriendshipAnswer): Promise<{ message: string }> {
  return apiRequest(`/api/social-profiles/friends/${encodeURIComponent(requesterSlug)}/${status}/`, { method: 'POST' });
}

/** Spec §4: after an answer the friends data reloads (and with it the feed, counts and suggestions). */
export function useAnswerFriendRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, status }: { slug: string; status: FriendshipAnswer }) => answerFriendRequest(slug, status),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: friendsRootKey });
      void client.invalidateQueries({ queryKey: suggestionsKey });
      void client.invalidateQueries({ queryKey: postListsKey });
      void client.invalidateQueries({ queryKey: meKey });
    },
  });
}
