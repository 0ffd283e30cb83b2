import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationDetail, ConversationMessage } from '@portal/contracts';
import { addMessage, applyMessageToList, messagesOf } from './chat';
import { conversationKey } from './query-keys';

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

describe('the conversation list, live', () => {
  const conversation = (id: string, unread: number): Conversation => ({
    id,
    users: [person, person],
    modified_at_formatted: '',
    modified_at: '2026-01-01T00:00:00.000Z',
    last_message: null,
    unread_count: unread,
  });

  it('takes a live message as the preview, moves its conversation to the top and clears its unread count', () => {
    const list = [conversation('x', 0), conversation('c', 3)];
    const next = applyMessageToList(list, 'c', message(7))!;
    expect(next.map((item) => item.id)).toEqual(['c', 'x']);
    expect(next[0]).toMatchObject({
      unread_count: 0,
      last_message: { body: 'm7', created_by_id: 1 },
      modified_at: message(7).created_at,
    });
    expect(next[1]).toBe(list[0]);
  });

  it('leaves the list alone for a conversation it does not hold, or before it has loaded', () => {
    const list = [conversation('x', 1)];
    expect(applyMessageToList(list, 'other', message(1))).toBe(list);
    expect(applyMessageToList(undefined, 'c', message(1))).toBeUndefined();
  });
});
