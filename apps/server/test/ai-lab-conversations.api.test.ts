import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiLabConversations, aiLabMessages } from '../src/db/schema/index.js';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: string;
let bruno: string;

beforeAll(async () => {
  t = await createTestApp({ AI_RATE_LIMIT: '1000/1m' });
  alice = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
  bruno = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
}, 120_000);
afterAll(() => t.close());

const ask = (payload: unknown, headers: Record<string, string> = {}, url = '/ai-lab/') =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const events = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { type: string; text?: string; message?: string; conversation_id?: string });
async function savedRows() {
  const conversations = await t.database.db.select().from(aiLabConversations);
  const messages = await t.database.db.select().from(aiLabMessages);
  return { conversations: conversations.length, messages: messages.length };
}

describe('saved Funny Chat conversations', () => {
  it('starts a conversation for a logged-in question, answers its id and keeps both messages', async () => {
    const response = await ask({ question: 'Tell me about coffee' }, bearer(alice));
    expect(response.statusCode, response.body).toBe(200);
    const { message, conversation_id: id } = json(response) as { message: string; conversation_id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-conversation-id']).toBe(id);

    const detail = await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice));
    expect(detail.statusCode).toBe(200);
    const saved = { version: 1, versions: 1, attachments: [], pictures: [] };
    expect(detail.json()).toEqual({
      id,
      title: 'Tell me about coffee',
      messages: [
        { ...saved, id: expect.stringMatching(/^[0-9a-f-]{36}$/), role: 'user', content: 'Tell me about coffee', model: null },
        { ...saved, id: expect.stringMatching(/^[0-9a-f-]{36}$/), role: 'assistant', content: message, model: 'local' },
      ],
      model: null,
      system_prompt: null,
      share_url: null,
    });

    const next = await ask({ question: 'And tea?', conversation_id: id }, bearer(alice));
    expect(json(next).conversation_id).toBe(id);
    const messages = (await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json().messages as unknown[];
    expect(messages).toHaveLength(4);
    expect(messages[2]).toMatchObject({ role: 'user', content: 'And tea?' });
  });

  it('answers anonymous callers exactly as the contract says and saves nothing for them', async () => {
    const before = await savedRows();
    const response = await ask({ question: 'Tell me about cheese' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(json(response))).toEqual(['message']);
    expect(response.headers['x-conversation-id']).toBeUndefined();
    expect(await savedRows()).toEqual(before);
  });

  it('streams with the conversation id in a header and on the done event, and saves the whole answer', async () => {
    const response = await ask({ question: 'What is 6 * 7?' }, bearer(alice), '/ai-lab/stream/');
    expect(response.statusCode).toBe(200);
    const id = response.headers['x-conversation-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const done = events(response.body).at(-1)! as ReturnType<typeof events>[number] & { question_id: string; answer_id: string };
    expect(done).toEqual({
      type: 'done',
      message: done.message,
      conversation_id: id,
      question_id: expect.any(String),
      answer_id: expect.any(String),
    });
    const detail = (await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json();
    expect(detail.messages).toMatchObject([
      { id: done.question_id, role: 'user', content: 'What is 6 * 7?' },
      { id: done.answer_id, role: 'assistant', content: done.message },
    ]);

    const anonymous = events((await ask({ question: 'What is 6 * 7?' }, {}, '/ai-lab/stream/')).body).at(-1)!;
    expect(Object.keys(anonymous)).toEqual(['type', 'message']);
  });

  it('keeps what was streamed when the caller stops midway', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stop = new AbortController();
    const response = await fetch(`${address}/ai-lab/stream/`, {
      method: 'POST',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Tell me a long story about dragons and castles' }),
      signal: stop.signal,
    });
    const id = response.headers.get('x-conversation-id')!;
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"type":"delta"');
    stop.abort();

    await expect
      .poll(async () => (await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json().messages, { timeout: 10_000 })
      .toHaveLength(2);
    const [question, partial] = (await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json().messages;
    expect(question).toMatchObject({ role: 'user', content: 'Tell me a long story about dragons and castles' });
    expect(partial.role).toBe('assistant');
    expect(partial.content.length).toBeGreaterThan(0);
    const whole = json(await ask({ question: 'Tell me a long story about dragons and castles' })).message as string;
    expect(partial.content.length).toBeLessThan(whole.length);
  });

  it('regenerates the last answer in place', async () => {
    const id = json(await ask({ question: 'Why is the sky blue?' }, bearer(alice))).conversation_id as string;
    await ask({ question: 'And the sea?', conversation_id: id }, bearer(alice));
    const again = await ask({ question: 'And the sea?', conversation_id: id, regenerate: true }, bearer(alice));
    expect(again.statusCode).toBe(200);
    const messages = (await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json().messages as {
      role: string;
      content: string;
    }[];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[2]!.content).toBe('And the sea?');
    expect(messages[3]!.content).toBe(json(again).message);
  });

  it("lists the caller's own conversations, the most recently active first", async () => {
    const older = json(await ask({ question: 'First   topic\nwith two lines' }, bearer(bruno))).conversation_id as string;
    const newer = json(await ask({ question: 'x'.repeat(80) }, bearer(bruno))).conversation_id as string;
    let list = (await call('GET', '/ai-lab/conversations/', bearer(bruno))).json() as {
      id: string;
      title: string;
      updated_at: string;
    }[];
    expect(list.map((item) => item.id)).toEqual([newer, older]);
    expect(list[1]!.title).toBe('First topic with two lines');
    expect(list[0]!.title).toBe(`${'x'.repeat(59)}…`);
    expect(Date.parse(list[0]!.updated_at)).not.toBeNaN();

    await ask({ question: 'Back to the first', conversation_id: older }, bearer(bruno));
    list = (await call('GET', '/ai-lab/conversations/', bearer(bruno))).json();
    expect(list.map((item) => item.id)).toEqual([older, newer]);
    const alices = (await call('GET', '/ai-lab/conversations/', bearer(alice))).json() as { id: string }[];
    expect(alices.some((item) => item.id === older || item.id === newer)).toBe(false);
  });

  it('renames and deletes a conversation', async () => {
    const id = json(await ask({ question: 'Name me' }, bearer(alice))).conversation_id as string;
    const renamed = await call('PATCH', `/ai-lab/conversations/${id}/`, bearer(alice), { title: '  Coffee talk  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: 'Coffee talk' });
    expect((await call('GET', '/ai-lab/conversations/', bearer(alice))).json()).toContainEqual(
      expect.objectContaining({ id, title: 'Coffee talk' }),
    );

    const deleted = await call('DELETE', `/ai-lab/conversations/${id}/`, bearer(alice));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id, title: 'Coffee talk' });
    expect((await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).statusCode).toBe(404);
    const gone = await ask({ question: 'Still there?', conversation_id: id }, bearer(alice));
    expect(gone.statusCode).toBe(404);
    expect(json(gone).message).toBe('Conversation not found.');
  });

  it("keeps other people's conversations out of reach (404) and anonymous callers out (401)", async () => {
    const id = json(await ask({ question: 'Secret plans' }, bearer(alice))).conversation_id as string;
    const before = await savedRows();
    for (const [method, payload] of [['GET'], ['PATCH', { title: 'Mine now' }], ['DELETE']] as const) {
      const other = await call(method, `/ai-lab/conversations/${id}/`, bearer(bruno), payload);
      expect(other.statusCode, method).toBe(404);
      const anonymous = await call(method, `/ai-lab/conversations/${id}/`, {}, payload);
      expect(anonymous.statusCode, method).toBe(401);
    }
    expect((await call('GET', '/ai-lab/conversations/')).statusCode).toBe(401);
    expect((await ask({ question: 'Let me in', conversation_id: id }, bearer(bruno))).statusCode).toBe(404);
    expect((await ask({ question: 'Let me in', conversation_id: id })).statusCode).toBe(401);
    expect((await ask({ question: 'Let me in', conversation_id: id }, {}, '/ai-lab/stream/')).statusCode).toBe(401);
    expect(await savedRows()).toEqual(before);
    expect((await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json().title).toBe('Secret plans');
  });

  it.each([
    [{}, 'This field is required.'],
    [{ title: '   ' }, 'The title may not be blank.'],
    [{ title: 7 }, 'The title must be text.'],
    [{ title: 'x'.repeat(101) }, 'The title is too long: at most 100 characters.'],
  ])('refuses the rename %j with 400 field errors and changes nothing', async (payload, message) => {
    const id = json(await ask({ question: 'Keep my name' }, bearer(alice))).conversation_id as string;
    const response = await call('PATCH', `/ai-lab/conversations/${id}/`, bearer(alice), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: [message], message });
    expect((await call('GET', `/ai-lab/conversations/${id}/`, bearer(alice))).json().title).toBe('Keep my name');
  });

  it('refuses a malformed conversation id or regenerate flag with 400 and saves nothing', async () => {
    const before = await savedRows();
    for (const payload of [
      { question: 'hi', conversation_id: 'not-an-id' },
      { question: 'hi', regenerate: 'yes' },
    ]) {
      const response = await ask(payload, bearer(alice));
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toMatch(/conversation_id must be|regenerate must be/);
    }
    expect(await savedRows()).toEqual(before);
    expect((await call('GET', '/ai-lab/conversations/not-a-uuid/', bearer(alice))).statusCode).toBe(404);
  });
});

describe('the gallery', () => {
  it("lists the caller's own generated pictures and voices, newest first, with their stored URLs", async () => {
    const image = json(await ask({ question: 'A red circle' }, bearer(bruno), '/ai-lab/image-generator/')).message as string;
    const voice = json(await ask({ question: 'Hello there' }, bearer(bruno), '/ai-lab/voice-generator/')).message as string;
    await ask({ question: 'Not yours' }, bearer(alice), '/ai-lab/image-generator/');
    await ask({ question: 'Nobody’s' }, {}, '/ai-lab/image-generator/');

    const response = await call('GET', '/ai-lab/gallery/', bearer(bruno));
    expect(response.statusCode).toBe(200);
    const items = response.json() as { kind: string; url: string; prompt: string; created_at: string }[];
    expect(items.map(({ kind, url, prompt }) => ({ kind, url, prompt }))).toEqual([
      { kind: 'voice', url: voice, prompt: 'Hello there' },
      { kind: 'image', url: image, prompt: 'A red circle' },
    ]);
    expect(Date.parse(items[0]!.created_at)).not.toBeNaN();
    const file = await t.app.inject({ method: 'GET', url: new URL(image).pathname });
    expect(file.statusCode).toBe(200);
  });

  it('needs a login', async () => {
    const response = await call('GET', '/ai-lab/gallery/');
    expect(response.statusCode).toBe(401);
  });
});
