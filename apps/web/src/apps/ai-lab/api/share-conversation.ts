import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiShare } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { conversationsKey } from './query-keys';

/** Shares a saved conversation as it is now: answers the address of its read-only page. */
export async function shareConversation(id: string): Promise<string> {
  return (await apiRequest<AiShare>(`/ai-lab/conversations/${encodeURIComponent(id)}/share/`, { method: 'POST' })).url;
}

/** Stops sharing: the page's address answers "not found" from now on. */
export async function unshareConversation(id: string): Promise<void> {
  await apiRequest(`/ai-lab/conversations/${encodeURIComponent(id)}/share/`, { method: 'DELETE' });
}

export function useShareConversation() {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ['ai-lab', 'share-conversation'],
    mutationFn: async ({ id, share }: { id: string; share: boolean }): Promise<string | null> => {
      if (share) return shareConversation(id);
      await unshareConversation(id);
      return null;
    },
    onSettled: () => queries.invalidateQueries({ queryKey: conversationsKey }),
  });
}
