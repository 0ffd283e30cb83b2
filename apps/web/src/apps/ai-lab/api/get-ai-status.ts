import { useQuery } from '@tanstack/react-query';
import type { AiLabStatus } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { AI_STATUS_PATH } from './paths';
import { aiStatusKey } from './query-keys';

/** Which engine answers each feature: the portal's local ones, or a configured provider's model. */
export function getAiStatus(): Promise<AiLabStatus> {
  return apiRequest<AiLabStatus>(AI_STATUS_PATH);
}

export function useAiStatus() {
  return useQuery({ queryKey: aiStatusKey, queryFn: getAiStatus, staleTime: 5 * 60_000 });
}
