import { useQuery } from '@tanstack/react-query';
import type { AiConversationSummary } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { isLoggedIn, useIsLoggedIn } from '../../../shared/auth/auth-store';
import { browserConversations } from '../store/browser-conversations';
import { conversationListKey } from './query-keys';

/** The caller's conversations, newest first: the account's on the server, or this browser's when logged out. */
export async function getConversations(): Promise<AiConversationSummary[]> {
  return isLoggedIn() ? apiRequest<AiConversationSummary[]>('/ai-lab/conversations/') : browserConversations.list();
}

export function useConversations() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ queryKey: conversationListKey(loggedIn), queryFn: getConversations });
}
