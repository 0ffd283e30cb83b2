import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostHistory } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { nextPageParam } from './fetch-post-page';
import { postHistoryKey } from './query-keys';

/** Issue 27: a post's versions, the newest (the current one) first; asked when the history opens. */
export function usePostHistory(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: postHistoryKey(id),
    queryFn: ({ pageParam, signal }) => apiRequest<PostHistory>(pageParam, { signal }),
    initialPageParam: `/api/social-posts/${encodeURIComponent(id)}/history/`,
    getNextPageParam: nextPageParam,
    enabled,
  });
}
