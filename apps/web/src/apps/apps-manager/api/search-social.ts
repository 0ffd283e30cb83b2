import { useQuery } from '@tanstack/react-query';
import type { SearchPage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export const searchSocialKey = (query: string) => ['apps-manager', 'social-search', query] as const;

/** The social network's search (contract §5.7), first page: matching people and posts. */
export function searchSocial(query: string): Promise<SearchPage> {
  return apiRequest<SearchPage>('/api/social-posts/search/', { method: 'POST', json: { query } });
}

export function useSearchSocial(query: string) {
  return useQuery({ queryKey: searchSocialKey(query), queryFn: () => searchSocial(query), enabled: query.trim() !== '' });
}
