import { apiRequest } from '../../../shared/api/api-client';
import { takeEarly } from '../../../shared/api/early-data';

/** Contract §1.5: `next` is absolute; the client requests its path and query on this origin. */
export function nextPageParam(page: { next: string | null }): string | undefined {
  if (!page.next) return undefined;
  const url = new URL(page.next);
  return url.pathname + url.search;
}

/** A page of posts; the feed's first one may already be on its way (the home route's `early`). */
export function fetchPostPage<T>(path: string, signal?: AbortSignal): Promise<T> {
  return takeEarly(path, () => apiRequest<T>(path, { signal }));
}
