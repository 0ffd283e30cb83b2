import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { fetchPostPage, nextPageParam } from './fetch-post-page';
import { searchKey } from './query-keys';

/** Contract §5.7: the first page is a POST with the query; the next ones GET the `next` link. */
export function useSearch(query: string) {
  return useInfiniteQuery({
    queryKey: searchKey(query),
    queryFn: ({ pageParam, signal }) =>
      pageParam === ''
        ? apiRequest<SearchPage>('/api/social-posts/search/', { method: 'POST', json: { query }, signal })
        : fetchPostPage<SearchPage>(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: nextPageParam,
    enabled: query !== '',
  });
}

/** The number of matching posts; past the count's cap (issue 24), "1,000+". */
export function postCount(page: Pick<SearchPage, 'count' | 'count_capped'> | undefined): string {
  if (!page) return '0';
  return `${page.count.toLocaleString('en')}${page.count_capped ? '+' : ''}`;
}
