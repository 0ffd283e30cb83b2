import type { AiConversation } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Shows another version of a message (1-based) and its newest continuation; answers the conversation as shown. */
export function showVersion(conversationId: string, messageId: string, version: number): Promise<AiConversation> {
  return apiRequest<AiConversation>(
    `/ai-lab/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/version/`,
    { method: 'PUT', json: { version } },
  );
}
