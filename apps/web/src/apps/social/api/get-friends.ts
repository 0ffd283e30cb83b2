import { useQuery } from '@tanstack/react-query';
import type { FriendsAnswer } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { friendsKey } from './query-keys';

export function getFriends(slug: string): Promise<FriendsAnswer> {
  return apiRequest<FriendsAnswer>(`/api/social-profiles/friends/${encodeURIComponent(slug)}/`);
}

/** Contract §4.3: a profile, its friends and, on your own, the requests waiting for you. */
export function useFriends(slug: string, enabled = true) {
  return useQuery({ queryKey: friendsKey(slug), queryFn: () => getFriends(slug), enabled });
}
