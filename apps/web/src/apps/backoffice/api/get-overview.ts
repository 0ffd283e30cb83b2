import { useQuery } from '@tanstack/react-query';
import type { BoOverview } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { overviewKey } from './query-keys';

export const getOverview = () => apiRequest<BoOverview>('/api/backoffice/overview/');

export function useOverview() {
  return useQuery({ queryKey: overviewKey, queryFn: getOverview });
}
