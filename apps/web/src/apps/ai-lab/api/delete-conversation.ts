import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { isLoggedIn } from '../../../shared/auth/auth-store';
import { browserConversations } from '../store/browser-conversations';
import { conversationsKey } from './query-keys';

export async function deleteConversation(id: string): Promise<void> {
  if (isLoggedIn()) await apiRequest(`/ai-lab/conversations/${encodeURIComponent(id)}/`, { method: 'DELETE' });
  else browserConversations.remove(id);
}

export function useDeleteConversation() {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ['ai-lab', 'delete-conversation'],
    mutationFn: deleteConversation,
    onSettled: () => queries.invalidateQueries({ queryKey: conversationsKey }),
  });
}
