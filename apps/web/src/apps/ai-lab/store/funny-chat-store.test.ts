import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { BROWSER_CONVERSATIONS_KEY, browserConversations } from './browser-conversations';
import { useFunnyChatStore } from './funny-chat-store';

/** A streamed answer as the server sends it: the conversation header (when given), deltas, then done. */
function streamedAnswer(words: string[], conversation?: string) {
  const body = [...words.map((text) => ({ type: 'delta', text })), { type: 'done', message: words.join('').trim() }]
    .map((event) => `data: ${JSON.stringify(event)}\n\n`)
    .join('');
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream', ...(conversation ? { 'x-conversation-id': conversation } : {}) },
  });
}
const sentBodies = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string) as Record<string, unknown>);

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  useFunnyChatStore.setState({ streaming: false });
  useFunnyChatStore.getState().startNew();
  useAuthStore.setState({ access: null });
  vi.unstubAllGlobals();
});

describe('Funny Chat conversations', () => {
  it("keeps an anonymous visitor's conversation in this browser, continuing it and opening it again", async () => {
    fetchMock.mockResolvedValueOnce(streamedAnswer(['Coffee ', 'is ', 'bean ', 'soup.']));
    await useFunnyChatStore.getState().ask('Tell me about coffee', []);
    const id = useFunnyChatStore.getState().conversationId!;
    expect(id).toBeTruthy();
    expect(browserConversations.list()).toEqual([{ id, title: 'Tell me about coffee', updated_at: expect.any(String) }]);

    fetchMock.mockResolvedValueOnce(streamedAnswer(['Tea ', 'too.']));
    await useFunnyChatStore.getState().ask('And tea?', []);
    expect(sentBodies(fetchMock).every((body) => !('conversation_id' in body))).toBe(true);

    useFunnyChatStore.getState().startNew();
    expect(useFunnyChatStore.getState().messages).toEqual([]);
    await useFunnyChatStore.getState().open(id);
    expect(useFunnyChatStore.getState().messages.map((message) => [message.sender, message.text])).toEqual([
      ['me', 'Tell me about coffee'],
      ['chat', 'Coffee is bean soup.'],
      ['me', 'And tea?'],
      ['chat', 'Tea too.'],
    ]);
    expect(JSON.parse(localStorage.getItem(BROWSER_CONVERSATIONS_KEY)!)).toHaveLength(1);
  });

  it("continues a logged-in person's saved conversation by its id and regenerates the last answer", async () => {
    useAuthStore.setState({ access: 'the-access' });
    fetchMock.mockResolvedValueOnce(streamedAnswer(['First.'], 'conv-1'));
    await useFunnyChatStore.getState().ask('One', []);
    expect(useFunnyChatStore.getState().conversationId).toBe('conv-1');
    expect(browserConversations.list()).toEqual([]);

    fetchMock.mockResolvedValueOnce(streamedAnswer(['Second.'], 'conv-1'));
    await useFunnyChatStore.getState().ask('Two', []);
    fetchMock.mockResolvedValueOnce(streamedAnswer(['Another ', 'second.'], 'conv-1'));
    await useFunnyChatStore.getState().regenerate();

    expect(sentBodies(fetchMock)).toEqual([
      { question: 'One', prompt_images: [] },
      { question: 'Two', prompt_images: [], conversation_id: 'conv-1', regenerate: false },
      { question: 'Two', prompt_images: [], conversation_id: 'conv-1', regenerate: true },
    ]);
    expect(useFunnyChatStore.getState().messages.map((message) => message.text)).toEqual([
      'One',
      'First.',
      'Two',
      'Another second.',
    ]);
  });

  it('opens a saved conversation of the account from the server', async () => {
    useAuthStore.setState({ access: 'the-access' });
    fetchMock.mockResolvedValueOnce(
      Response.json({
        id: 'conv-9',
        title: 'Old',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: '**Hello**' },
        ],
      }),
    );
    await useFunnyChatStore.getState().open('conv-9');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/ai-lab/conversations/conv-9/');
    const { messages, conversationId, owner } = useFunnyChatStore.getState();
    expect({ conversationId, owner }).toEqual({ conversationId: 'conv-9', owner: 'account' });
    expect(messages.map((message) => [message.sender, message.text, message.status])).toEqual([
      ['me', 'Hi', 'done'],
      ['chat', '**Hello**', 'done'],
    ]);
  });
});

describe('the conversations kept in this browser', () => {
  it('renames and removes, and ignores what it cannot read', () => {
    browserConversations.save('a', [{ role: 'user', content: 'Hi' }], 'Hi');
    expect(browserConversations.rename('a', 'Greetings')).toEqual({
      id: 'a',
      title: 'Greetings',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(browserConversations.list()[0]!.title).toBe('Greetings');
    browserConversations.remove('a');
    expect(browserConversations.list()).toEqual([]);
    localStorage.setItem(BROWSER_CONVERSATIONS_KEY, '[{"id":1},"x",{"id":"b","title":"B","updated_at":"2026","messages":[]}]');
    expect(browserConversations.list()).toEqual([{ id: 'b', title: 'B', updated_at: '2026' }]);
    localStorage.setItem(BROWSER_CONVERSATIONS_KEY, 'not json');
    expect(browserConversations.list()).toEqual([]);
  });
});
