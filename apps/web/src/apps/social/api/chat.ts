import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Conversation, ConversationDetail, ConversationMessage } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { conversationKey, conversationsKey } from './query-keys';

/**
 * Re-fetches the conversation list; several reasons at once (a send, its chat frame, the
 * notification of the same message) share one request instead of cancelling each other's.
 */
export function refreshConversations(client: QueryClient) {
  void client.invalidateQueries({ queryKey: conversationsKey }, { cancelRefetch: false });
}

/** Contract §6.1: most recently active first. */
export function useConversations() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: conversationsKey,
    queryFn: () => apiRequest<Conversation[]>('/api/social-chat/'),
    enabled: loggedIn,
  });
}

/** Contract §6.3: pages from the newest backwards; `before` is the oldest message id already shown. */
export function useConversation(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: conversationKey(id ?? ''),
    queryFn: ({ pageParam }) =>
      apiRequest<ConversationDetail>(`/api/social-chat/${encodeURIComponent(id!)}/`, {
        query: pageParam ? { before: pageParam } : undefined,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.has_older ? (page.messages[0]?.id ?? null) : null),
    enabled: Boolean(id),
  });
}

/** Every loaded message, oldest first, each once (pages are newest first). */
export function messagesOf(data: InfiniteData<ConversationDetail> | undefined): ConversationMessage[] {
  const seen = new Set<string>();
  const list: ConversationMessage[] = [];
  for (const page of [...(data?.pages ?? [])].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      list.push(message);
    }
  }
  return list;
}

/** Adds a message that arrived live (or as the send answer) to the newest page, unless it is there. */
export function addMessage(client: QueryClient, conversationId: string, message: ConversationMessage) {
  client.setQueryData<InfiniteData<ConversationDetail>>(conversationKey(conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((item) => item.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
  });
}

/**
 * A message seen live (a chat frame, or the send answer) becomes its conversation's preview at
 * once, and the conversation moves to the top; the list is re-read afterwards all the same.
 * A conversation on screen has nothing unread.
 */
export function applyMessageToList(list: Conversation[] | undefined, conversationId: string, message: ConversationMessage) {
  const found = list?.find((item) => item.id === conversationId);
  if (!list || !found) return list;
  const updated: Conversation = {
    ...found,
    modified_at: message.created_at,
    last_message: { id: message.id, body: message.body, created_by_id: message.created_by.id, created_at: message.created_at },
    unread_count: 0,
  };
  return [updated, ...list.filter((item) => item.id !== conversationId)];
}

export function showLiveMessage(client: QueryClient, conversationId: string, message: ConversationMessage) {
  addMessage(client, conversationId, message);
  client.setQueryData<Conversation[]>(conversationsKey, (list) => applyMessageToList(list, conversationId, message));
  refreshConversations(client);
}

export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<ConversationMessage>(`/api/social-chat/${encodeURIComponent(conversationId)}/send/`, {
        method: 'POST',
        json: { body },
      }),
    onSuccess: (message) => showLiveMessage(client, conversationId, message),
  });
}

/** Contract §6.2: the conversation with a person, started when there is none. */
export const getOrCreateConversation = (slug: string) =>
  apiRequest<ConversationDetail>(`/api/social-chat/${encodeURIComponent(slug)}/get-or-create/`);
