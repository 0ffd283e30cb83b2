import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationMessage } from '@portal/contracts';
import { addMessage, conversationKey, messagesOf } from './chat';

const person = {
  id: 1,
  first_name: 'A',
  last_name: 'B',
  username: 'a',
  email: 'a@x.y',
  slug: 'a',
  avatar_url: null,
  friends_count: 0,
  posts_count: 0,
  full_name: 'A B',
};
const message = (n: number): ConversationMessage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  body: `m${n}`,
  created_by: person,
  sent_to: person,
  created_at: new Date(2026, 0, 1, 0, n).toISOString(),
  created_at_formatted: '0\u00a0minutes',
});
const page = (ns: number[], hasOlder: boolean): ConversationDetail => ({
  id: 'c',
  users: [1, 2],
  modified_at_formatted: '',
  messages: ns.map(message),
  has_older: hasOlder,
});

describe('chat cache', () => {
  it('lists loaded pages oldest first, each message once', () => {
    const data: InfiniteData<ConversationDetail> = {
      pages: [page([3, 4, 5], true), page([1, 2, 3], false)],
      pageParams: [null, 'x'],
    };
    expect(messagesOf(data).map((item) => item.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('adds a live message once, whether the echo or the send answer comes first, and after a re-fetch that already holds it', () => {
    const client = new QueryClient();
    client.setQueryData(conversationKey('c'), { pages: [page([1, 2], false)], pageParams: [null] });
    addMessage(client, 'c', message(3));
    addMessage(client, 'c', message(3));
    // The re-fetch after a reconnection brings 3 and the missed 4; the late echo of 4 changes nothing.
    client.setQueryData(conversationKey('c'), { pages: [page([1, 2, 3, 4], false)], pageParams: [null] });
    addMessage(client, 'c', message(4));
    const data = client.getQueryData<InfiniteData<ConversationDetail>>(conversationKey('c'));
    expect(messagesOf(data).map((item) => item.body)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });
});
