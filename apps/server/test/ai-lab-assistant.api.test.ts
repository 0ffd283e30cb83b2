import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiLabConversations, aiLabMessages } from '../src/db/schema/index.js';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { sseEvents, uploadDocument } from './support/ai-lab.js';
import { multipartBody } from './support/multipart.js';
import { startOpenAiStandIn, type StandIn } from './support/openai-stand-in.js';
import { makePdf } from './support/pdf-maker.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

const KEY = 'sk-standin-assistant-0123456789SECRET';

let standIn: StandIn;
let t: TestApp;
let alice: string;
let bruno: string;

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: KEY });
  t = await createTestApp({ AI_BASE_URL: standIn.url, AI_API_KEY: KEY, AI_CHAT_MODEL: 'gpt-4o-mini', AI_RATE_LIMIT: '1000/1m' });
  alice = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
  bruno = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
}, 120_000);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type Sent = { model: string; messages: { role: string; content: unknown }[] };
const lastChat = () => standIn.requests.filter((request) => request.path === '/v1/chat/completions').at(-1)!.body as Sent;
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const stream = async (url: string, token: string | undefined, payload: unknown) => {
  const response = await call('POST', url, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return sseEvents(response.body).at(-1)!;
};
const rows = async () => ({
  conversations: (await t.database.db.select().from(aiLabConversations)).length,
  messages: (await t.database.db.select().from(aiLabMessages)).length,
});

describe('models', () => {
  it('lists the built-in engines and the provider models the lab can use, asking the provider once per ten minutes', async () => {
    const before = standIn.requests.filter((request) => request.path === '/v1/models').length;
    const response = await call('GET', '/ai-lab/models/');
    expect(response.statusCode).toBe(200);
    const models = response.json() as { id: string; provider: string; capabilities: string[] }[];
    expect(models.filter((model) => model.provider === 'local').map((model) => model.id)).toEqual([
      'local',
      'local-sketcher',
      'local-voice',
    ]);
    const remote = Object.fromEntries(
      models.filter((model) => model.provider !== 'local').map((model) => [model.id, model.capabilities]),
    );
    expect(remote).toEqual({
      'dall-e-3': ['image'],
      'gpt-4.1-nano': ['chat', 'vision'],
      'gpt-4o-mini': ['chat', 'vision'],
      'gpt-4o-mini-tts': ['voice'],
      'gpt-4o-realtime-preview-2024-12-17': ['voice'],
      'llama3.1:8b': ['chat'],
      'whisper-1': ['voice'],
    });
    await call('GET', '/ai-lab/models/');
    expect(standIn.requests.filter((request) => request.path === '/v1/models').length).toBe(before + 1);
  });

  it('asks the model chosen, remembers it for the conversation, and defaults to AI_CHAT_MODEL', async () => {
    const first = await stream('/ai-lab/stream/', alice, { question: 'Hello llama', model: 'llama3.1:8b' });
    expect(lastChat().model).toBe('llama3.1:8b');
    await stream('/ai-lab/stream/', alice, { question: 'Again', conversation_id: first.conversation_id });
    expect(lastChat().model).toBe('llama3.1:8b');
    expect(json(await call('GET', `/ai-lab/conversations/${first.conversation_id}/`, alice))).toMatchObject({
      model: 'llama3.1:8b',
    });
    await stream('/ai-lab/stream/', alice, { question: 'A new one' });
    expect(lastChat().model).toBe('gpt-4o-mini');
    // The built-in engine may be chosen too, provider or not.
    const local = await stream('/ai-lab/stream/', undefined, { question: 'What is 6 * 7?', model: 'local' });
    expect(local.message).toMatch(/42/);
  });

  it('refuses a model it does not offer (an embedding model, an unknown one) with 400, saving nothing', async () => {
    const before = await rows();
    for (const model of ['text-embedding-3-small', 'gpt-99', 'dall-e-3']) {
      for (const url of ['/ai-lab/', '/ai-lab/stream/']) {
        const response = await call('POST', url, alice, { question: 'hi', model });
        expect(response.statusCode, `${url} ${model}`).toBe(400);
        expect(json(response)).toMatchObject({ model: [expect.stringContaining(`Unknown model “${model}”`)] });
      }
    }
    expect(await rows()).toEqual(before);
  });
});

describe('instructions', () => {
  it('keeps them per account (4,000 characters at most) and sends them to the model as the system message', async () => {
    expect(json(await call('GET', '/ai-lab/settings/', bruno))).toEqual({ system_prompt: '', model: null });
    const tooLong = await call('PUT', '/ai-lab/settings/', bruno, { system_prompt: 'x'.repeat(4001) });
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong).message).toBe('The instructions are too long: at most 4000 characters.');
    expect((await call('PUT', '/ai-lab/settings/', bruno, { model: 'whisper-1' })).statusCode).toBe(400);
    const saved = await call('PUT', '/ai-lab/settings/', bruno, {
      system_prompt: '  Call me Bruno. Answer like a pirate.  ',
      model: 'llama3.1:8b',
    });
    expect(json(saved)).toEqual({ system_prompt: 'Call me Bruno. Answer like a pirate.', model: 'llama3.1:8b' });

    const asked = await stream('/ai-lab/stream/', bruno, { question: 'Hello?' });
    const sent = lastChat();
    expect(sent.model).toBe('llama3.1:8b');
    expect(sent.messages[0]).toEqual({
      role: 'system',
      content: expect.stringMatching(/^You are Funny Chat[\s\S]*\nCall me Bruno\. Answer like a pirate\.$/),
    });

    const own = await call('PATCH', `/ai-lab/conversations/${asked.conversation_id}/`, bruno, { system_prompt: 'Only haiku.' });
    expect(json(own)).toMatchObject({ system_prompt: 'Only haiku.' });
    await stream('/ai-lab/stream/', bruno, { question: 'More?', conversation_id: asked.conversation_id });
    expect(lastChat().messages[0]!.content).toMatch(/\nOnly haiku\.$/);
    await call('PATCH', `/ai-lab/conversations/${asked.conversation_id}/`, bruno, { system_prompt: null });
    await stream('/ai-lab/stream/', bruno, { question: 'And now?', conversation_id: asked.conversation_id });
    expect(lastChat().messages[0]!.content).toMatch(/pirate\.$/);
    await call('PUT', '/ai-lab/settings/', bruno, { system_prompt: '', model: null });
  });

  it('needs a login, and refuses someone else’s conversation', async () => {
    expect((await call('GET', '/ai-lab/settings/')).statusCode).toBe(401);
    expect((await call('PUT', '/ai-lab/settings/', undefined, { system_prompt: 'x' })).statusCode).toBe(401);
    const mine = await stream('/ai-lab/stream/', alice, { question: 'Private' });
    const other = await call('PATCH', `/ai-lab/conversations/${mine.conversation_id}/`, bruno, { system_prompt: 'Be mean.' });
    expect(other.statusCode).toBe(404);
  });
});

describe('edit and resend, regenerate', () => {
  it('sends the edited question with the conversation before it, keeps the first branch and switches between them', async () => {
    const first = await stream('/ai-lab/stream/', alice, { question: 'Why is the sky blue?' });
    const id = first.conversation_id!;
    const second = await stream('/ai-lab/stream/', alice, { question: 'And the sea?', conversation_id: id });
    const edited = await stream(`/ai-lab/conversations/${id}/messages/${second.question_id}/edit/`, alice, {
      question: 'And the grass?',
    });
    expect(edited.message).toBe('Stand-in model heard "Why is the sky blue?" with 0 picture(s). Ba dum tss!');
    expect(lastChat().messages.slice(1)).toEqual([
      { role: 'user', content: 'Why is the sky blue?' },
      { role: 'assistant', content: first.message },
      { role: 'user', content: 'And the grass?' },
    ]);

    type Shown = { messages: { id: string; role: string; content: string; version: number; versions: number }[] };
    let shown = json(await call('GET', `/ai-lab/conversations/${id}/`, alice)) as unknown as Shown;
    expect(shown.messages.map((m) => [m.content, m.version, m.versions])).toEqual([
      ['Why is the sky blue?', 1, 1],
      [first.message, 1, 1],
      ['And the grass?', 2, 2],
      [edited.message, 1, 1],
    ]);
    shown = json(
      await call('PUT', `/ai-lab/conversations/${id}/messages/${edited.question_id}/version/`, alice, { version: 1 }),
    ) as unknown as Shown;
    expect(shown.messages.slice(2).map((m) => [m.content, m.version, m.versions])).toEqual([
      ['And the sea?', 1, 2],
      [second.message, 1, 1],
    ]);
    // The branch chosen is kept: a reload shows it, and the next question follows it.
    shown = json(await call('GET', `/ai-lab/conversations/${id}/`, alice)) as unknown as Shown;
    expect(shown.messages[2]!.content).toBe('And the sea?');

    const again = await stream(`/ai-lab/conversations/${id}/messages/${second.answer_id}/regenerate/`, alice, {
      model: 'llama3.1:8b',
    });
    expect(lastChat().model).toBe('llama3.1:8b');
    expect(lastChat().messages.at(-1)).toEqual({ role: 'user', content: 'And the sea?' });
    shown = json(await call('GET', `/ai-lab/conversations/${id}/`, alice)) as unknown as Shown;
    expect(shown.messages.at(-1)).toMatchObject({ id: again.answer_id, version: 2, versions: 2 });
  });

  it('refuses a wrong message, version or person with a clear 4xx and changes nothing', async () => {
    const asked = await stream('/ai-lab/stream/', alice, { question: 'Edit me' });
    const id = asked.conversation_id!;
    const before = await rows();
    const edit = (messageId: string, token = alice) =>
      call('POST', `/ai-lab/conversations/${id}/messages/${messageId}/edit/`, token, { question: 'x' });
    expect((await edit(asked.answer_id!)).statusCode).toBe(400);
    expect((await edit('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await edit(asked.question_id!, bruno)).statusCode).toBe(404);
    expect(
      (await call('POST', `/ai-lab/conversations/${id}/messages/${asked.question_id}/edit/`, undefined, { question: 'x' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call('POST', `/ai-lab/conversations/${id}/messages/${asked.question_id}/regenerate/`, alice, {})).statusCode,
    ).toBe(400);
    const version = await call('PUT', `/ai-lab/conversations/${id}/messages/${asked.question_id}/version/`, alice, {
      version: 2,
    });
    expect(version.statusCode).toBe(400);
    expect(json(version)).toMatchObject({ version: ['This message has 1 version(s).'] });
    expect(await rows()).toEqual(before);
  });
});

describe('documents', () => {
  it('sends the text of an attached PDF to the model, and keeps it for the questions after', async () => {
    const pdf = makePdf(['The dragon Smaug sleeps on gold.', 'Bilbo steals a cup.'], 'The Hobbit notes');
    const uploaded = await uploadDocument(t.app, { name: 'hobbit.pdf', data: pdf, type: 'application/pdf' }, bearer(alice));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = json(uploaded) as { id: string };
    expect(attachment).toEqual({ id: expect.any(String), name: 'hobbit.pdf', pages: 2, characters: 53 });
    const asked = await stream('/ai-lab/stream/', alice, { question: 'Who sleeps on gold?', attachment_ids: [attachment.id] });
    const system = lastChat().messages[0]!.content as string;
    expect(system).toContain(
      '<document name="hobbit.pdf" pages="2">\nThe dragon Smaug sleeps on gold.\n\nBilbo steals a cup.\n</document>',
    );
    await stream('/ai-lab/stream/', alice, { question: 'And who steals?', conversation_id: asked.conversation_id });
    expect(lastChat().messages[0]!.content).toContain('Bilbo steals a cup.');
    const shown = json(await call('GET', `/ai-lab/conversations/${asked.conversation_id}/`, alice)) as {
      messages: { attachments: unknown[] }[];
    };
    expect(shown.messages[0]!.attachments).toEqual([attachment]);
  });

  it("cuts a document to the model's context, with a note", async () => {
    const text = `${'word '.repeat(2000)}THE END`;
    const uploaded = json(await uploadDocument(t.app, { name: 'long.txt', data: Buffer.from(text) }, bearer(alice))) as {
      id: string;
    };
    await stream('/ai-lab/stream/', alice, { question: 'Summarise', attachment_ids: [uploaded.id], model: 'gpt-4.1-nano' });
    const system = lastChat().messages[0]!.content as string;
    expect(system).not.toContain('THE END');
    expect(system).toMatch(
      /\[“long\.txt” was cut to fit the model's context: only its first [\d,]+ of 10,007 characters were given\.\]/,
    );
  });

  it("refuses someone else's document, oversize, wrong-type and too-long files with a clear 4xx", async () => {
    const mine = json(await uploadDocument(t.app, { name: 'a.md', data: Buffer.from('# Mine') }, bearer(alice))) as {
      id: string;
    };
    const before = await rows();
    const theirs = await call('POST', '/ai-lab/stream/', bruno, { question: 'Read it', attachment_ids: [mine.id] });
    expect(theirs.statusCode).toBe(400);
    expect(json(theirs).message).toBe('A document attached to the question is not available any more. Attach it again.');
    expect((await call('POST', '/ai-lab/', undefined, { question: 'Read it', attachment_ids: [mine.id] })).statusCode).toBe(400);
    expect((await call('DELETE', `/ai-lab/attachments/${mine.id}/`, bruno)).statusCode).toBe(404);
    expect(await rows()).toEqual(before);

    const big = await uploadDocument(t.app, { name: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) });
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toBe('The document is larger than 10 MB.');
    for (const [name, data, message] of [
      ['photo.png', Buffer.from('\x89PNG\r\n\x1a\n'), 'Attach a PDF, .txt, .md or .csv file.'],
      ['fake.pdf', Buffer.from('hello'), 'This file is not a PDF.'],
      ['binary.txt', Buffer.from([0x68, 0x00, 0x69]), 'This file is not text: attach a PDF, .txt, .md or .csv file.'],
      [
        'pages.pdf',
        makePdf(Array.from({ length: 201 }, (_, page) => `Page ${page}`)),
        'This PDF has 201 pages: at most 200 can be attached.',
      ],
    ] as const) {
      const response = await uploadDocument(t.app, { name, data: Buffer.from(data) });
      expect(response.statusCode, name).toBe(400);
      expect(json(response).message, name).toBe(message);
    }
    expect((await call('DELETE', `/ai-lab/attachments/${mine.id}/`, alice)).statusCode).toBe(204);
    expect((await call('POST', '/ai-lab/', alice, { question: 'Read it', attachment_ids: [mine.id] })).statusCode).toBe(400);
  });
});

describe('voice input', () => {
  it("transcribes a recording with the provider's model, the key staying on the server", async () => {
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 1)]);
    const body = multipartBody([{ field: 'file', filename: 'voice.webm', contentType: 'audio/webm', data: webm }]);
    const response = await t.app.inject({ method: 'POST', url: '/ai-lab/transcriptions/', ...body });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({ text: 'Why is the sky blue?' });
    const sent = standIn.requests.filter((request) => request.path === '/v1/audio/transcriptions').at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(String(sent.body.raw)).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(response.body).not.toContain(KEY);

    const notAudio = multipartBody([
      { field: 'file', filename: 'voice.webm', contentType: 'audio/webm', data: Buffer.from('%PDF-1.4 not audio') },
    ]);
    const refused = await t.app.inject({ method: 'POST', url: '/ai-lab/transcriptions/', ...notAudio });
    expect(refused.statusCode).toBe(400);
  });
});

describe('search, export, share', () => {
  it('finds conversations by title and by a word said only in an answer, a page at a time, the caller’s own only', async () => {
    const carol = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
    const gardening = (await stream('/ai-lab/stream/', carol, { question: 'Quantum gardening tips' })).conversation_id;
    const cooking = (await stream('/ai-lab/stream/', carol, { question: 'Cooking with lasers' })).conversation_id;
    const search = async (query: string, token = carol) => {
      const response = await call('GET', `/ai-lab/conversations/?${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: string }[]).map((item) => item.id);
    };
    // "tss" is in every answer ("Ba dum tss!") and in no question or title.
    expect(await search('search=tss')).toEqual([cooking, gardening]);
    expect(await search('search=garden')).toEqual([gardening]);
    expect(await search('search=LASERS%20cooking')).toEqual([cooking]);
    expect(await search('search=unicorns')).toEqual([]);
    expect(await search('search=garden', alice)).toEqual([]);
    expect(await search('search=tss&limit=1')).toEqual([cooking]);
    expect(await search(`search=tss&limit=1&before=${cooking}`)).toEqual([gardening]);
    expect(await search(`limit=1&before=${gardening}`)).toEqual([]);
    for (const query of ['limit=0', 'limit=x', `search=${'a'.repeat(101)}`, 'before=nope']) {
      expect((await call('GET', `/ai-lab/conversations/?${query}`, carol)).statusCode, query).toBe(400);
    }
  });

  it('exports a conversation as Markdown with a heading per turn, or as its JSON', async () => {
    const asked = await stream('/ai-lab/stream/', alice, { question: 'Export me, please' });
    const markdown = await call('GET', `/ai-lab/conversations/${asked.conversation_id}/export/?format=md`, alice);
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.headers['content-disposition']).toBe('attachment; filename="export-me-please.md"');
    expect(markdown.body).toMatch(
      /^# Export me, please\n\n_Exported from Funny Chat on \d{4}-\d\d-\d\d\._\n\n## Question 1\n\nExport me, please\n\n### Answer \(gpt-4o-mini\)\n\nStand-in model heard/,
    );
    const exported = await call('GET', `/ai-lab/conversations/${asked.conversation_id}/export/?format=json`, alice);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="export-me-please.json"');
    expect(JSON.parse(exported.body)).toEqual(json(await call('GET', `/ai-lab/conversations/${asked.conversation_id}/`, alice)));
    expect((await call('GET', `/ai-lab/conversations/${asked.conversation_id}/export/?format=pdf`, alice)).statusCode).toBe(400);
    expect((await call('GET', `/ai-lab/conversations/${asked.conversation_id}/export/`, bruno)).statusCode).toBe(404);
    expect((await call('GET', `/ai-lab/conversations/${asked.conversation_id}/export/`)).statusCode).toBe(401);
  });

  it('shares a read-only page with the first name only, until sharing stops (404 afterwards)', async () => {
    const asked = await stream('/ai-lab/stream/', alice, { question: 'Share me' });
    const id = asked.conversation_id!;
    expect((await call('POST', `/ai-lab/conversations/${id}/share/`, bruno)).statusCode).toBe(404);
    expect((await call('POST', `/ai-lab/conversations/${id}/share/`)).statusCode).toBe(401);
    const shared = await call('POST', `/ai-lab/conversations/${id}/share/`, alice);
    expect(shared.statusCode).toBe(200);
    const { url } = json(shared) as { url: string };
    expect(url).toMatch(/^http:\/\/portal\.test\/ai-lab\/shared\/[A-Za-z0-9_-]{32}$/);
    const token = url.split('/').at(-1)!;
    expect(json(await call('GET', `/ai-lab/conversations/${id}/`, alice)).share_url).toBe(url);
    // Written after sharing: not on the shared page.
    await stream('/ai-lab/stream/', alice, { question: 'Not for them', conversation_id: id });

    const page = await call('GET', `/ai-lab/shared-conversations/${token}/`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const account = json(await call('GET', '/api/v1/account/', alice)) as Record<string, string>;
    expect(page.json()).toEqual({
      title: 'Share me',
      first_name: 'Rosa',
      shared_at: expect.any(String),
      messages: [
        { role: 'user', content: 'Share me' },
        { role: 'assistant', content: asked.message },
      ],
    });
    for (const value of [account.email, account.last_name, account.username]) expect(page.body).not.toContain(value);

    expect(json(await call('POST', `/ai-lab/conversations/${id}/share/`, alice)).url).toBe(url);
    expect((await call('DELETE', `/ai-lab/conversations/${id}/share/`, bruno)).statusCode).toBe(404);
    expect((await call('DELETE', `/ai-lab/conversations/${id}/share/`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/ai-lab/shared-conversations/${token}/`)).statusCode).toBe(404);
    expect((await call('GET', '/ai-lab/shared-conversations/not-a-token/')).statusCode).toBe(404);
    const again = json(await call('POST', `/ai-lab/conversations/${id}/share/`, alice)).url;
    expect(again).not.toBe(url);
  });
});
