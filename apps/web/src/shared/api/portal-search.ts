import { useQuery } from '@tanstack/react-query';
import type { PortalSearchResults } from '@portal/contracts';
import { apiRequest } from './api-client';
import { portalSearchKey } from './query-keys';

/** `GET /api/search/?q=`: apps, products, people and posts in one answer, a few of each. */
export function portalSearch(query: string): Promise<PortalSearchResults> {
  return apiRequest<PortalSearchResults>(`/api/search/?${new URLSearchParams({ q: query }).toString()}`);
}

export function usePortalSearch(query: string) {
  const q = query.trim();
  return useQuery({ queryKey: portalSearchKey(q), queryFn: () => portalSearch(q), enabled: q !== '' });
}
