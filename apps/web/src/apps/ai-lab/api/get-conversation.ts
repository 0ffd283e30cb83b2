import type { AiConversation } from '@portal/contracts';
import { ApiError, apiRequest } from '../../../shared/api/api-client';
import { isLoggedIn } from '../../../shared/auth/auth-store';
import { browserConversations } from '../store/browser-conversations';

/** One conversation with its messages, from the account or from this browser. */
export async function getConversation(id: string): Promise<AiConversation> {
  if (isLoggedIn()) return apiRequest<AiConversation>(`/ai-lab/conversations/${encodeURIComponent(id)}/`);
  const found = browserConversations.get(id);
  if (!found) throw new ApiError(404, { message: 'Conversation not found.' });
  return found;
}
