import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@portal/contracts';
import { fetchPostPage, nextPageParam } from './fetch-post-page';
import { FEED_PATH } from './paths';
import { feedKey } from './query-keys';

function firstPage(trend: string | null, scope?: 'public') {
  if (trend) return `${FEED_PATH}?${new URLSearchParams({ trend }).toString()}`;
  return scope ? `${FEED_PATH}?scope=${scope}` : FEED_PATH;
}

/**
 * Contract §5.1: the feed, or with a trend the public posts carrying that hashtag; infinite. Issue
 * 27: `scope` public is everyone's public posts (a member's "Everyone" tab).
 */
export function useFeed(trend: string | null = null, enabled = true, scope?: 'public') {
  return useInfiniteQuery({
    queryKey: feedKey(trend, scope),
    queryFn: ({ pageParam, signal }) => fetchPostPage<FeedPage>(pageParam, signal),
    initialPageParam: firstPage(trend, scope),
    getNextPageParam: nextPageParam,
    enabled,
  });
}
