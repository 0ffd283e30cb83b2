import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@portal/contracts';
import { fetchPostPage, nextPageParam } from './fetch-post-page';
import { FEED_PATH } from './paths';
import { feedKey } from './query-keys';

const firstPage = (trend: string | null) => (trend ? `${FEED_PATH}?${new URLSearchParams({ trend }).toString()}` : FEED_PATH);

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
