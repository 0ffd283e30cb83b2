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
  fetchMock.mock.calls
    .map(([, init]) => (init as RequestInit | undefined)?.body)
    .filter((body) => typeof body === 'string')
    .map((body) => JSON.parse(body) as Record<string, unknown>);

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
    expect(browserConversations.rename('a', 'Greetings')).toMatchObject({
      id: 'a',
      title: 'Greetings',
      messages: [{ role: 'user', content: 'Hi', version: 1, versions: 1 }],
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

describe('editing, answering again and versions in a saved conversation', () => {
  const saved = (messages: [string, string, number, number][]) => ({
    id: 'conv-9',
    title: 'Sky',
    model: 'gpt-4o-mini',
    system_prompt: null,
    share_url: null,
    messages: messages.map(([id, content, version, versions], index) => ({
      id,
      role: index % 2 === 0 ? 'user' : 'assistant',
      content,
      version,
      versions,
      attachments: [],
      pictures: [],
      model: null,
    })),
  });
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const urls = () =>
    fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

  it('edits a question and writes an answer again through the server, then shows the versions it keeps', async () => {
    useAuthStore.setState({ access: 'the-access' });
    fetchMock.mockResolvedValueOnce(
      json(
        saved([
          ['q1', 'Why blue?', 1, 1],
          ['a1', 'Rayleigh.', 1, 1],
        ]),
      ),
    );
    await useFunnyChatStore.getState().open('conv-9');
    expect(useFunnyChatStore.getState().model).toBe('gpt-4o-mini');

    const question = useFunnyChatStore.getState().messages[0]!;
    fetchMock.mockResolvedValueOnce(streamedAnswer(['Chlorophyll.'], 'conv-9'));
    fetchMock.mockResolvedValueOnce(
      json(
        saved([
          ['q2', 'Why green?', 2, 2],
          ['a2', 'Chlorophyll.', 1, 1],
        ]),
      ),
    );
    await useFunnyChatStore.getState().edit(question.id, 'Why green?');
    expect(sentBodies(fetchMock)[0]).toEqual({ question: 'Why green?', model: 'gpt-4o-mini' });
    let messages = useFunnyChatStore.getState().messages;
    expect(messages.map((message) => [message.text, message.version, message.versions])).toEqual([
      ['Why green?', 2, 2],
      ['Chlorophyll.', 1, 1],
    ]);

    fetchMock.mockResolvedValueOnce(
      json(
        saved([
          ['q1', 'Why blue?', 1, 2],
          ['a1', 'Rayleigh.', 1, 1],
        ]),
      ),
    );
    await useFunnyChatStore.getState().showVersion(messages[0]!.id, 1);
    messages = useFunnyChatStore.getState().messages;
    expect(messages.map((message) => message.text)).toEqual(['Why blue?', 'Rayleigh.']);

    useFunnyChatStore.getState().chooseModel('llama3.1:8b');
    fetchMock.mockResolvedValueOnce(streamedAnswer(['Scattering.'], 'conv-9'));
    fetchMock.mockResolvedValueOnce(
      json(
        saved([
          ['q1', 'Why blue?', 1, 2],
          ['a3', 'Scattering.', 2, 2],
        ]),
      ),
    );
    await useFunnyChatStore.getState().regenerate();
    expect(urls()).toEqual([
      'GET /ai-lab/conversations/conv-9/',
      'POST /ai-lab/conversations/conv-9/messages/q1/edit/',
      'GET /ai-lab/conversations/conv-9/',
      'PUT /ai-lab/conversations/conv-9/messages/q2/version/',
      'POST /ai-lab/conversations/conv-9/messages/a1/regenerate/',
      'GET /ai-lab/conversations/conv-9/',
    ]);
    expect(sentBodies(fetchMock).at(-1)).toEqual({ model: 'llama3.1:8b' });
    expect(useFunnyChatStore.getState().messages.at(-1)).toMatchObject({ text: 'Scattering.', version: 2, versions: 2 });
  });

  it('sends the chosen model and the documents with a new question, and keeps the saved ids it hears back', async () => {
    useAuthStore.setState({ access: 'the-access' });
    useFunnyChatStore.getState().chooseModel('local');
    const body = `data: ${JSON.stringify({ type: 'done', message: 'Read.', conversation_id: 'c', question_id: 'q', answer_id: 'a' })}\n\n`;
    fetchMock.mockResolvedValueOnce(
      new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-conversation-id': 'c' } }),
    );
    const document = { id: 'd-1', name: 'notes.pdf', pages: 2, characters: 120 };
    await useFunnyChatStore.getState().ask('What does it say?', [], [document]);
    expect(sentBodies(fetchMock)).toEqual([
      { question: 'What does it say?', prompt_images: [], model: 'local', attachment_ids: ['d-1'] },
    ]);
    expect(useFunnyChatStore.getState().messages.map((message) => [message.savedId, message.documents])).toEqual([
      ['q', [document]],
      ['a', []],
    ]);
    useFunnyChatStore.getState().chooseModel(null);
  });

  it('edits a question of a conversation kept in this browser by going on from it (no versions there)', async () => {
    fetchMock.mockResolvedValueOnce(streamedAnswer(['One.']));
    await useFunnyChatStore.getState().ask('First', []);
    fetchMock.mockResolvedValueOnce(streamedAnswer(['Two.']));
    await useFunnyChatStore.getState().ask('Second', []);
    const second = useFunnyChatStore.getState().messages[2]!;
    fetchMock.mockResolvedValueOnce(streamedAnswer(['Deux.']));
    await useFunnyChatStore.getState().edit(second.id, 'Seconde');
    expect(useFunnyChatStore.getState().messages.map((message) => message.text)).toEqual(['First', 'One.', 'Seconde', 'Deux.']);
    expect(browserConversations.list('seconde')).toHaveLength(1);
    expect(browserConversations.list('deux one')).toHaveLength(1);
    expect(browserConversations.list('trois')).toEqual([]);
  });
});
