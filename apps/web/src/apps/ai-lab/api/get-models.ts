import { useQuery } from '@tanstack/react-query';
import type { AiModel } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { modelsKey } from './query-keys';

/** The models the lab offers: the built-in engines, and the provider's when one is connected. */
export function getModels(): Promise<AiModel[]> {
  return apiRequest<AiModel[]>('/ai-lab/models/');
}

export function useModels() {
  return useQuery({ queryKey: modelsKey, queryFn: getModels, staleTime: 5 * 60_000 });
}
