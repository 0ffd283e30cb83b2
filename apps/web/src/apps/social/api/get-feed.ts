import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@portal/contracts';
import { fetchPostPage, nextPageParam } from './fetch-post-page';
import { feedKey } from './query-keys';

const firstPage = (trend: string | null) =>
  trend ? `/api/social-posts/?${new URLSearchParams({ trend }).toString()}` : '/api/social-posts/';

/** Contract §5.1: the feed, or with a trend the public posts carrying that hashtag; infinite. */
export function useFeed(trend: string | null = null, enabled = true) {
  return useInfiniteQuery({
    queryKey: feedKey(trend),
    queryFn: ({ pageParam, signal }) => fetchPostPage<FeedPage>(pageParam, signal),
    initialPageParam: firstPage(trend),
    getNextPageParam: nextPageParam,
    enabled,
  });
}
