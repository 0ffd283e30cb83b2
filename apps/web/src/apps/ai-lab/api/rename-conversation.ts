import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiConversation } from '@portal/contracts';
import { ApiError, apiRequest } from '../../../shared/api/api-client';
import { isLoggedIn } from '../../../shared/auth/auth-store';
import { browserConversations } from '../store/browser-conversations';
import { conversationsKey } from './query-keys';

export async function renameConversation({ id, title }: { id: string; title: string }): Promise<AiConversation> {
  if (isLoggedIn())
    return apiRequest<AiConversation>(`/ai-lab/conversations/${encodeURIComponent(id)}/`, { method: 'PATCH', json: { title } });
  const renamed = browserConversations.rename(id, title.trim());
  if (!renamed) throw new ApiError(404, { message: 'Conversation not found.' });
  return renamed;
}

export function useRenameConversation() {
  const queries = useQueryClient();
  return useMutation({
    mutationKey: ['ai-lab', 'rename-conversation'],
    mutationFn: renameConversation,
    onSettled: () => queries.invalidateQueries({ queryKey: conversationsKey }),
  });
}
