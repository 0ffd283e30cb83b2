import { useInfiniteQuery } from '@tanstack/react-query';
import type { AiConversationSummary } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { isLoggedIn, useIsLoggedIn } from '../../../shared/auth/auth-store';
import { browserConversations } from '../store/browser-conversations';
import { conversationListKey } from './query-keys';

/** Conversations listed at a time in the history. */
export const CONVERSATION_PAGE = 30;

/**
 * A page of the caller's conversations, newest first: the account's on the server (searched there, by
 * title and message text), or this browser's when logged out. `before` is the last id of the page before.
 */
export async function getConversations(search = '', before?: string): Promise<AiConversationSummary[]> {
  if (!isLoggedIn()) return before ? [] : browserConversations.list(search);
  return apiRequest<AiConversationSummary[]>('/ai-lab/conversations/', {
    query: { limit: CONVERSATION_PAGE, search: search || undefined, before },
  });
}

export function useConversations(search = '') {
  const loggedIn = useIsLoggedIn();
  return useInfiniteQuery({
    queryKey: conversationListKey(loggedIn, search),
    queryFn: ({ pageParam }) => getConversations(search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (loggedIn && last.length === CONVERSATION_PAGE ? last.at(-1)!.id : undefined),
  });
}
