import { useQuery } from '@tanstack/react-query';
import type { Trend } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { trendsKey } from './query-keys';

export const getTrends = () => apiRequest<Trend[]>('/api/social-posts/trends/');

export function useTrends() {
  return useQuery({ queryKey: trendsKey, queryFn: getTrends, staleTime: 60_000 });
}
