import { apiRequest } from '../../../shared/api/api-client';

/** Contract §1.5: `next` is absolute; the client requests its path and query on this origin. */
export function nextPageParam(page: { next: string | null }): string | undefined {
  if (!page.next) return undefined;
  const url = new URL(page.next);
  return url.pathname + url.search;
}

export function fetchPostPage<T>(path: string, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>(path, { signal });
}
