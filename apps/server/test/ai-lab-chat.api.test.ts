import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { uploadDocument } from './support/ai-lab.js';
import { multipartBody } from './support/multipart.js';
import { makePdf } from './support/pdf-maker.js';
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

async function upload(colour: string, headers: Record<string, string> = {}) {
  const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const body = multipartBody([{ field: 'images[]', filename: 'holiday.jpg', contentType: 'image/jpeg', data }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/ai-lab/upload-vision-images/',
    ...body,
    headers: { ...body.headers, ...headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (json(response).uploaded_images as string[])[0]!;
}

/** The events of a server-sent event stream. */
const events = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as { type: string; text?: string; message?: string });

describe('Funny Chat on the local engine', () => {
  it('says which engines answer: all local without a provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ai-lab/status/' });
    expect(response.json()).toEqual({
      chat: { engine: 'local', model: null },
      image: { engine: 'local', model: null },
      voice: { engine: 'local', model: null },
      realtime: { engine: 'local', model: null },
      transcription: { engine: 'local', model: null },
    });
  });

  it('answers a question with a short joke about it', async () => {
    const response = await ask({ question: 'Tell me something about coffee' });
    expect(response.statusCode).toBe(200);
    expect(json(response).message).toMatch(/coffee|espresso|tea|caffeine|java|decaf/i);
  });

  it('streams the answer as server-sent events ending with done', async () => {
    const response = await ask({ question: 'What is 6 * 7?' }, {}, '/ai-lab/stream/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['content-security-policy']).toBeDefined();
    const stream = events(response.body);
    const deltas = stream.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    const done = stream.at(-1)!;
    expect(done.type).toBe('done');
    expect(done.message).toMatch(/42/);
    expect(
      deltas
        .map((event) => event.text)
        .join('')
        .trim(),
    ).toBe(done.message);
  });

  it('describes attached pictures by what it measures', async () => {
    const url = await upload('#1e50dc');
    expect(url).toMatch(/^http:\/\/portal\.test\/static\/media\/vision_images\/holiday-[0-9a-f]{32}\.webp$/);
    const response = await ask({ question: 'What do you see in this picture?', prompt_images: [url] });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).message).toMatch(/640×480/);
    expect(json(response).message).toMatch(/blue/);
  });

  it('answers a picture and a question together, mentioning both', async () => {
    const url = await upload('#1e50dc');
    for (const question of ['Is this cat cute?', 'Is this bureaucracy?']) {
      const message = json(await ask({ question, prompt_images: [url] })).message as string;
      expect(message).toMatch(/640×480/);
      expect(message).toMatch(/cat|kitten|meow|purr|feline|bureaucracy/i);
    }
  });

  it('answers about an attached document honestly: its title, length, first sentence and most frequent words', async () => {
    const pdf = makePdf(['Dragons guard the castle gold.', 'Dragons sleep. Knights visit the dragons.'], 'Dragon Report');
    const uploaded = await uploadDocument(t.app, { name: 'dragons.pdf', data: pdf });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = json(uploaded) as { id: string };
    const message = json(await ask({ question: 'What about dragons?', attachment_ids: [id] })).message as string;
    expect(message).toBe(
      "I'm the built-in engine, so I can't read like a real model, but I measured what you attached. " +
        '“dragons.pdf” is titled “Dragon Report”: 2 pages, 73 characters, about 11 words. ' +
        'It begins: “Dragons guard the castle gold.” The words it uses most: dragons, castle, gold, guard and knights. ' +
        'You asked about “dragons”: it comes up 3 times in it.',
    );
  });

  it('honours the instructions it can: a name to use, shorter answers, and says it only speaks English', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/ai-lab/settings/',
      headers: bearer(bruno),
      payload: { system_prompt: 'Call me Bruno. Keep it short. Answer in French.' },
    });
    const message = json(await ask({ question: 'What is 6 * 7?' }, bearer(bruno))).message as string;
    expect(message).toMatch(
      /^Here you go, Bruno\. [^.!?]*42[^.!?]*[.!?] \(You asked for French, but the built-in engine only speaks English\.\)$/,
    );
    await t.app.inject({ method: 'PUT', url: '/ai-lab/settings/', headers: bearer(bruno), payload: { system_prompt: '' } });
  });

  it('has no speech recognition of its own: voice input is the browser’s (503 here)', async () => {
    const body = multipartBody([{ field: 'file', filename: 'v.webm', contentType: 'audio/webm', data: Buffer.alloc(100, 1) }]);
    const response = await t.app.inject({ method: 'POST', url: '/ai-lab/transcriptions/', ...body });
    expect(response.statusCode).toBe(503);
    expect(json(response).message).toBe('This server does not transcribe speech: use your browser’s voice input.');
    const models = (await t.app.inject({ method: 'GET', url: '/ai-lab/models/' })).json() as { id: string }[];
    expect(models.map((model) => model.id)).toEqual(['local', 'local-sketcher', 'local-voice']);
  });

  it("lets only the uploader attach a logged-in user's picture; anonymous uploads work by their unguessable URL", async () => {
    const mine = await upload('#dc1e1e', bearer(alice));
    expect((await ask({ question: 'What is this?', prompt_images: [mine] }, bearer(alice))).statusCode).toBe(200);
    for (const headers of [bearer(bruno), {}]) {
      const refused = await ask({ question: 'What is this?', prompt_images: [mine] }, headers);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).message).toMatch(/not available/);
    }
    const anonymous = await upload('#22aa22');
    expect((await ask({ question: 'Colours?', prompt_images: [anonymous] }, bearer(bruno))).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Prompt is required.'],
    [{ question: '' }, 'Prompt is required.'],
    [{ question: '    ' }, 'Prompt is required.'],
    [{ question: 42 }, 'The prompt must be text.'],
    [{ question: null }, 'The prompt must be text.'],
    [{ question: 'x'.repeat(501) }, 'The prompt is too long: at most 500 characters.'],
    [{ question: 'hi', prompt_images: 'http://portal.test/x.webp' }, 'prompt_images must be a list of picture URLs.'],
    [{ question: 'hi', prompt_images: [1] }, 'Each picture must be the URL of an uploaded picture.'],
    [{ question: 'hi', prompt_images: ['a', 'b', 'c', 'd', 'e'] }, 'At most 4 pictures per question.'],
  ])('refuses %j with 400 and a message', async (payload, message) => {
    for (const url of ['/ai-lab/', '/ai-lab/stream/']) {
      const response = await ask(payload, {}, url);
      expect(response.statusCode, url).toBe(400);
      expect(json(response).message).toBe(message);
    }
  });

  it.each([
    'http://portal.test/static/media/vision_images/nothing-here.webp',
    'http://portal.test/static/media/generated_images/a_v1.png',
    'http://portal.test/static/media/vision_images/../../db/PG_VERSION',
    '/etc/passwd',
  ])('refuses a picture that is not an upload of this lab: %s', async (url) => {
    const response = await ask({ question: 'hi', prompt_images: [url] });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/not available/);
  });

  it('answers a bad body, a wrong type and a stale token with a message too', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/ai-lab/',
      payload: '{"question":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).message).toMatch(/JSON/);
    const text = await t.app.inject({
      method: 'POST',
      url: '/ai-lab/',
      payload: 'question=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(json(text).message).toMatch(/Unsupported media type/);
    const stale = await ask({ question: 'hi' }, { authorization: 'Bearer not.a.token' });
    expect(stale.statusCode).toBe(401);
    expect(json(stale).message).toBeTruthy();
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  let carol: string;
  beforeAll(async () => {
    limited = await createTestApp({ AI_RATE_LIMIT: '3/1m' });
    carol = (await socialLogin(limited.app, (await registerActivated(limited.app, limited.mail)).person)).access;
  }, 120_000);
  afterAll(() => limited.close());

  it('limits AI requests per address for anonymous callers and per account when logged in', async () => {
    const call = (headers: Record<string, string> = {}) =>
      limited.app.inject({ method: 'POST', url: '/ai-lab/', payload: { question: 'hello' }, headers });
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(json(refused).message).toMatch(/^Too many AI requests\. Try again in \d+ (second|minute)s?\.$/);
    // A logged-in person has their own allowance, even at the same address.
    for (let i = 0; i < 3; i += 1) expect((await call(bearer(carol))).statusCode).toBe(200);
    expect((await call(bearer(carol))).statusCode).toBe(429);
    // The allowance is shared by every AI feature.
    expect(
      (await limited.app.inject({ method: 'POST', url: '/ai-lab/image-generator/', payload: { question: 'a cat' } })).statusCode,
    ).toBe(429);
  });
});
