import { useQuery } from '@tanstack/react-query';
import type { Trend } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { takeEarly } from '../../../shared/api/early-data';
import { TRENDS_PATH } from './paths';
import { trendsKey } from './query-keys';

export const getTrends = () => apiRequest<Trend[]>(TRENDS_PATH);

export function useTrends() {
  return useQuery({ queryKey: trendsKey, queryFn: () => takeEarly(TRENDS_PATH, getTrends), staleTime: 60_000 });
}
