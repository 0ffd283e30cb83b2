import { useQuery } from '@tanstack/react-query';
import type { AiSharedConversation } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { sharedConversationKey } from './query-keys';

/** A conversation someone shared: what its public page shows. */
export function getSharedConversation(token: string): Promise<AiSharedConversation> {
  return apiRequest<AiSharedConversation>(`/ai-lab/shared-conversations/${encodeURIComponent(token)}/`);
}

export function useSharedConversation(token: string) {
  return useQuery({ queryKey: sharedConversationKey(token), queryFn: () => getSharedConversation(token), retry: false });
}
