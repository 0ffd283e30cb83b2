import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedPage } from '@portal/contracts';
import { fetchPostPage, nextPageParam } from './fetch-post-page';
import { bookmarksKey } from './query-keys';

/** Issue 27: the caller's bookmarks, the latest first, a page at a time. */
export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: bookmarksKey,
    queryFn: ({ pageParam, signal }) => fetchPostPage<FeedPage>(pageParam, signal),
    initialPageParam: '/api/social-posts/bookmarks/',
    getNextPageParam: nextPageParam,
  });
}
