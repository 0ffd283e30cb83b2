import type { AiConversation, AiConversationUpdate } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Sets a saved conversation's own instructions or model (null: the account's again). */
export function updateConversation(id: string, change: Omit<AiConversationUpdate, 'title'>): Promise<AiConversation> {
  return apiRequest<AiConversation>(`/ai-lab/conversations/${encodeURIComponent(id)}/`, { method: 'PATCH', json: change });
}
