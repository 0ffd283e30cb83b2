import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { replyTranscript, type RealtimeResponse } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { multipartBody } from './support/multipart.js';
import { startOpenAiStandIn, type StandIn } from './support/openai-stand-in.js';
import { openTestSocket, userMessage } from './support/socket-client.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

const KEY = 'sk-standin-0123456789abcdefSECRET';
const TOKEN = 'ek_standin_ephemeral_TOKEN_42';

let standIn: StandIn;
let t: TestApp;
let origin: string;
let access: string;
/** Every body sent to a caller without a token, to prove no key or provider token reaches one. */
const anonymousBodies: string[] = [];

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: KEY, realtimeToken: TOKEN });
  t = await createTestApp(
    { AI_BASE_URL: standIn.url, AI_API_KEY: KEY, AI_CHAT_MODEL: 'gpt-4o-mini', AI_RATE_LIMIT: '1000/1m' },
    (app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (!request.headers.authorization) anonymousBodies.push(typeof payload === 'string' ? payload : String(payload ?? ''));
        return payload;
      }),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  access = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
}, 120_000);
afterAll(async () => {
  await t.close();
  await standIn.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const lastRequest = (pathName: string) => standIn.requests.filter((request) => request.path === pathName).at(-1)!;
const noSecrets = (response: LightMyRequestResponse) => {
  for (const secret of [KEY, TOKEN, KEY.slice(-4), KEY.slice(0, 7)]) expect(response.body).not.toContain(secret);
};

describe('the lab with an OpenAI-compatible provider (official SDK against a stand-in)', () => {
  it('says the provider answers, with its models', async () => {
    expect(json(await t.app.inject({ method: 'GET', url: '/ai-lab/status/' }))).toEqual({
      chat: { engine: 'provider', model: 'gpt-4o-mini' },
      image: { engine: 'provider', model: 'dall-e-3' },
      voice: { engine: 'provider', model: 'gpt-4o-mini-tts' },
      realtime: { engine: 'provider', model: 'gpt-4o-realtime-preview-2024-12-17' },
      transcription: { engine: 'provider', model: 'whisper-1' },
    });
  });

  it("asks the provider's chat model with Funny Chat's instruction and the key held on the server", async () => {
    const response = await post('/ai-lab/', { question: 'Why is the sky blue?' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).message).toBe('Stand-in model heard "Why is the sky blue?" with 0 picture(s). Ba dum tss!');
    const sent = lastRequest('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', stream: true });
    expect(sent.body.messages).toEqual([
      { role: 'system', content: expect.stringMatching(/^You are Funny Chat.*at most five sentences.*joke/) },
      { role: 'user', content: 'Why is the sky blue?' },
    ]);
    noSecrets(response);
  });

  it("sends a saved conversation's earlier messages to the model, so it can follow the conversation", async () => {
    const first = await post('/ai-lab/', { question: 'Why is the sky blue?' }, bearer(access));
    const id = json(first).conversation_id as string;
    await post('/ai-lab/', { question: 'And the sea?', conversation_id: id }, bearer(access));
    expect(lastRequest('/v1/chat/completions').body.messages).toEqual([
      { role: 'system', content: expect.stringMatching(/^You are Funny Chat/) },
      { role: 'user', content: 'Why is the sky blue?' },
      { role: 'assistant', content: json(first).message },
      { role: 'user', content: 'And the sea?' },
    ]);
  });

  it('streams the tokens as they come', async () => {
    const response = await post('/ai-lab/stream/', { question: 'Knock knock' });
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; text?: string; message?: string });
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(5);
    expect(events.at(-1)).toEqual({ type: 'done', message: 'Stand-in model heard "Knock knock" with 0 picture(s). Ba dum tss!' });
  });

  it('sends attached pictures as inline base64 JPEG, never as URLs', async () => {
    const data = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#cc3333' } })
      .png()
      .toBuffer();
    const body = multipartBody([{ field: 'images[]', filename: 'red.png', contentType: 'image/png', data }]);
    const uploaded = json(await t.app.inject({ method: 'POST', url: '/ai-lab/upload-vision-images/', ...body }))
      .uploaded_images as string[];
    const response = await post('/ai-lab/', { question: 'What is this?', prompt_images: uploaded });
    expect(json(response).message).toMatch(/with 1 picture\(s\)/);
    const [, user] = lastRequest('/v1/chat/completions').body.messages as {
      content: { type: string; image_url?: { url: string; detail: string } }[];
    }[];
    const image = user!.content.find((part) => part.type === 'image_url')!.image_url!;
    expect(image.detail).toBe('low');
    expect(image.url).toMatch(/^data:image\/jpeg;base64,/);
    const decoded = await sharp(Buffer.from(image.url.split(',')[1]!, 'base64')).metadata();
    expect(decoded).toMatchObject({ format: 'jpeg', width: 500, height: 300 });
  });

  it('stops the upstream request when the browser stops the answer', async () => {
    standIn.slowChatMs = 40;
    const before = standIn.abortedStreams;
    try {
      // A plain HTTP request (fetch keeps spare connections open, which would hold the server's close).
      const request = http.request(`http://${origin}/ai-lab/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      const response = await new Promise<http.IncomingMessage>((resolve) => {
        request.on('response', resolve);
        request.end(JSON.stringify({ question: 'Tell me a very long story' }));
      });
      const first = await new Promise<string>((resolve) => response.once('data', (chunk: Buffer) => resolve(String(chunk))));
      expect(first).toContain('"type":"delta"');
      request.destroy();
      await expect.poll(() => standIn.abortedStreams, { timeout: 5000 }).toBe(before + 1);
    } finally {
      standIn.slowChatMs = 0;
    }
  });

  it('generates pictures with the image model, asking for base64 from DALL·E', async () => {
    const response = await post('/ai-lab/image-generator/', { question: 'A blue square' });
    const url = json(response).message as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/static\/media\/generated_images\/a_blue_square_[A-Za-z0-9_-]{22}\.png$/);
    expect(lastRequest('/v1/images/generations').body).toEqual({
      model: 'dall-e-3',
      prompt: 'A blue square',
      n: 1,
      size: '1024x1024',
      response_format: 'b64_json',
    });
    const stored = await fs.readFile(path.join(t.dataDir, 'media', new URL(url).pathname.replace('/static/media/', '')));
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    noSecrets(response);
  });

  it('speaks with the speech model and voice, storing MP3', async () => {
    const response = await post('/ai-lab/voice-generator/', { question: 'Good morning' });
    const url = json(response).message as string;
    expect(url).toMatch(/^http:\/\/portal\.test\/static\/media\/generated_voices\/good_morning_[A-Za-z0-9_-]{22}\.mp3$/);
    expect(lastRequest('/v1/audio/speech').body).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      input: 'Good morning',
      response_format: 'mp3',
    });
    expect(
      (await fs.readFile(path.join(t.dataDir, 'media', new URL(url).pathname.replace('/static/media/', '')))).equals(
        standIn.speech,
      ),
    ).toBe(true);
  });

  it('mints realtime tokens for logged-in users only', async () => {
    const anonymous = await post('/ai-lab/realtime-token/', {});
    expect(anonymous.statusCode).toBe(401);
    noSecrets(anonymous);
    const response = await post('/ai-lab/realtime-token/', {}, bearer(access));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ client_secret: { value: TOKEN }, model: 'gpt-4o-realtime-preview-2024-12-17' });
    expect(lastRequest('/v1/realtime/sessions').body).toEqual({ model: 'gpt-4o-realtime-preview-2024-12-17', voice: 'alloy' });
  });

  it("relays realtime chat to the provider's socket with the key on the server, passing on only text events", async () => {
    const client = await openTestSocket(`ws://${origin}/ws/ai-lab/realtime/`);
    client.send(userMessage('Hello realtime'));
    await client.next('conversation.item.created');
    client.send({ type: 'response.create', response: { modalities: ['audio', 'text'] } });
    const done = await client.next('response.done');
    expect(replyTranscript(done.response as RealtimeResponse)).toBe('Realtime stand-in heard "Hello realtime".');
    const upstream = standIn.realtime.at(-1)!;
    expect(upstream.url).toBe('/v1/realtime?model=gpt-4o-realtime-preview-2024-12-17');
    expect(upstream.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream.headers['openai-beta']).toBe('realtime=v1');
    expect(upstream.received.map((event) => event.type)).toEqual([
      'session.update',
      'conversation.item.create',
      'response.create',
    ]);
    expect(upstream.received[0]).toMatchObject({
      session: { modalities: ['text'], instructions: expect.stringMatching(/^You are Funny Chat/) },
    });
    expect(upstream.received[2]).toEqual({ type: 'response.create', response: { modalities: ['text'] } });
    const types = client.events.map((event) => event.type);
    expect(types).not.toContain('session.created');
    expect(types).not.toContain('response.audio.delta');
    expect(types).not.toContain('rate_limits.updated');
    expect(types.filter((type) => type === 'response.text.delta').length).toBeGreaterThan(2);

    client.send(userMessage('trigger an error'));
    const error = await client.next('error');
    expect(error.error).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      message: 'The AI provider refused the server’s credentials.',
    });
    for (const event of client.events)
      for (const secret of [KEY, TOKEN, 'wxyz', 'secret system prompt']) expect(JSON.stringify(event)).not.toContain(secret);
    client.socket.close();
    await expect.poll(() => upstream.closed).toBe(true);
  });

  it('never sends a key or provider token to an anonymous caller', () => {
    expect(anonymousBodies.length).toBeGreaterThan(5);
    for (const body of anonymousBodies) for (const secret of [KEY, TOKEN]) expect(body).not.toContain(secret);
  });
});

describe('provider failures', () => {
  let wrong: TestApp;
  let down: TestApp;
  beforeAll(async () => {
    wrong = await createTestApp({
      AI_BASE_URL: standIn.url,
      AI_API_KEY: 'sk-wrong-key-abcdefghijklmnop',
      AI_RATE_LIMIT: '1000/1m',
    });
    down = await createTestApp({ AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_API_KEY: KEY, AI_RATE_LIMIT: '1000/1m' });
  }, 120_000);
  afterAll(async () => {
    await wrong.close();
    await down.close();
  });

  it("answers in the lab's own words, without the provider's message (which quotes the key)", async () => {
    for (const url of ['/ai-lab/', '/ai-lab/image-generator/', '/ai-lab/voice-generator/']) {
      const response = await wrong.app.inject({ method: 'POST', url, payload: { question: 'hi' } });
      expect(response.statusCode, url).toBe(502);
      expect(json(response).message).toBe('The AI provider refused the server’s credentials.');
      expect(response.body).not.toMatch(/sk-wron|mnop/);
    }
    const stream = await wrong.app.inject({ method: 'POST', url: '/ai-lab/stream/', payload: { question: 'hi' } });
    expect(stream.body).toContain('"type":"error","message":"The AI provider refused the server’s credentials."');
    expect(stream.body).not.toMatch(/sk-wron|mnop/);
  });

  it('answers 503 when the provider cannot be reached', async () => {
    const response = await down.app.inject({ method: 'POST', url: '/ai-lab/', payload: { question: 'hi' } });
    expect(response.statusCode).toBe(503);
    expect(json(response).message).toBe('The AI provider could not be reached.');
  });
});

describe('a local server such as Ollama: no key, and local engines for what it lacks', () => {
  let open: StandIn;
  let ollama: TestApp;
  let flux: TestApp;
  beforeAll(async () => {
    open = await startOpenAiStandIn();
    ollama = await createTestApp({
      AI_BASE_URL: open.url,
      AI_CHAT_MODEL: 'llava',
      AI_IMAGE_MODEL: 'local',
      AI_TTS_MODEL: 'local',
      AI_REALTIME_MODEL: 'local',
      AI_TRANSCRIPTION_MODEL: 'local',
      AI_RATE_LIMIT: '1000/1m',
    });
    flux = await createTestApp({ AI_BASE_URL: open.url, AI_IMAGE_MODEL: 'flux-schnell', AI_RATE_LIMIT: '1000/1m' });
  }, 120_000);
  afterAll(async () => {
    await ollama.close();
    await flux.close();
    await open.close();
  });

  it('uses the provider for chat and the built-in engines for features set to local', async () => {
    expect(json(await ollama.app.inject({ method: 'GET', url: '/ai-lab/status/' }))).toEqual({
      chat: { engine: 'provider', model: 'llava' },
      image: { engine: 'local', model: null },
      voice: { engine: 'local', model: null },
      realtime: { engine: 'local', model: null },
      transcription: { engine: 'local', model: null },
    });
    const answer = await ollama.app.inject({ method: 'POST', url: '/ai-lab/', payload: { question: 'hi' } });
    expect(json(answer).message).toMatch(/^Stand-in model heard "hi"/);
    expect(open.requests.at(-1)!.body.model).toBe('llava');
    expect(open.requests.at(-1)!.headers.authorization).toBe('Bearer no-key');
    const image = await ollama.app.inject({ method: 'POST', url: '/ai-lab/image-generator/', payload: { question: 'a tree' } });
    expect(image.statusCode).toBe(200);
    expect(open.requests.some((request) => request.path.includes('images'))).toBe(false);
    const token = await ollama.app.inject({
      method: 'POST',
      url: '/ai-lab/realtime-token/',
      headers: bearer((await socialLogin(ollama.app, (await registerActivated(ollama.app, ollama.mail)).person)).access),
    });
    expect(token.statusCode).toBe(503);
  });

  it('fetches the picture when an image model answers with a URL', async () => {
    const response = await flux.app.inject({ method: 'POST', url: '/ai-lab/image-generator/', payload: { question: 'a cat' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(open.requests.at(-2)!.body).not.toHaveProperty('response_format');
    expect(open.requests.at(-1)!.path).toBe('/files/picture.png');
  });
});
