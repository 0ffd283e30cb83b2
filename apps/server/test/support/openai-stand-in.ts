import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A stand-in for an OpenAI-compatible API on loopback, speaking the wire format the official SDK
 * and the realtime protocol use: chat completions (streamed or not), image generation, speech,
 * realtime sessions and the realtime websocket. It records what it was sent, so tests can check
 * what left the portal.
 */
export interface StandIn {
  /** The base URL to configure as AI_BASE_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[];
  realtime: { headers: http.IncomingHttpHeaders; url: string; received: Record<string, unknown>[]; closed: boolean }[];
  /** Streamed chat answers whose client went away before the end. */
  abortedStreams: number;
  /** The picture it answers image requests with. */
  picture: Buffer;
  speech: Buffer;
  /** How slowly to stream chat (ms between chunks; long answers when set). */
  slowChatMs: number;
  /** What `GET /v1/models` lists (`context_length` as OpenRouter and LM Studio add it); empty answers 404. */
  models: { id: string; context_length?: number }[];
  /** What a transcription answers. */
  transcript: string;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** The key it accepts; any when undefined (a local server such as Ollama). */
  apiKey?: string;
  /** The ephemeral token it mints for realtime sessions. */
  realtimeToken?: string;
}

const send = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

function readBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {});
      } catch {
        resolve({ raw: text });
      }
    });
  });
}

/** What the stand-in "answers": it repeats the question, so tests can see it arrived. */
export function standInAnswer(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const user = messages.find((message) => message.role === 'user');
  const parts =
    typeof user?.content === 'string'
      ? [{ type: 'text', text: user.content }]
      : ((user?.content ?? []) as { type: string; text?: string }[]);
  const question = parts.find((part) => part.type === 'text')?.text ?? '';
  const pictures = parts.filter((part) => part.type === 'image_url').length;
  return `Stand-in model heard "${question}" with ${pictures} picture(s). Ba dum tss!`;
}

export async function startOpenAiStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const picture = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const state: StandIn = {
    url: '',
    requests: [],
    realtime: [],
    abortedStreams: 0,
    picture,
    speech: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 0x55)]),
    slowChatMs: 0,
    models: [
      { id: 'gpt-4o-mini', context_length: 128_000 },
      { id: 'gpt-4.1-nano', context_length: 1_000 },
      { id: 'llama3.1:8b' },
      { id: 'text-embedding-3-small' },
      { id: 'omni-moderation-latest' },
      { id: 'dall-e-3' },
      { id: 'whisper-1' },
    ],
    transcript: 'Why is the sky blue?',
    close: async () => undefined,
  };
  const authorised = (headers: http.IncomingHttpHeaders) =>
    options.apiKey === undefined || headers.authorization === `Bearer ${options.apiKey}`;
  const refuse = (response: http.ServerResponse, headers: http.IncomingHttpHeaders) => {
    const sent = String(headers.authorization ?? '').replace(/^Bearer /, '');
    // As OpenAI does, the error quotes part of the key: the portal must never pass this on.
    send(response, 401, {
      error: {
        message: `Incorrect API key provided: ${sent.slice(0, 7)}****${sent.slice(-4)}.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    });
  };

  function chat(body: Record<string, unknown>, request: http.IncomingMessage, response: http.ServerResponse) {
    const answer = standInAnswer(body);
    const base = { id: 'chatcmpl-standin', created: Math.floor(Date.now() / 1000), model: body.model };
    if (!body.stream) {
      return send(response, 200, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      });
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const pieces = state.slowChatMs > 0 ? Array.from({ length: 200 }, (_, i) => `word${i} `) : (answer.match(/\S+\s*/g) ?? []);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    let index = 0;
    let finished = false;
    response.on('close', () => {
      if (!finished) state.abortedStreams += 1;
    });
    chunk({ role: 'assistant', content: '' });
    const next = () => {
      if (response.destroyed) return;
      if (index < pieces.length) {
        chunk({ content: pieces[index++] });
        return state.slowChatMs > 0 ? setTimeout(next, state.slowChatMs) : setImmediate(next);
      }
      chunk({}, 'stop');
      response.write('data: [DONE]\n\n');
      finished = true;
      response.end();
    };
    next();
    void request;
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = (request.url ?? '').split('?')[0]!;
      state.requests.push({ method: request.method ?? '', path, headers: request.headers, body });
      if (path === '/files/picture.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(picture);
      }
      if (!authorised(request.headers)) return refuse(response, request.headers);
      if (path === '/v1/chat/completions') return chat(body, request, response);
      if (path === '/v1/images/generations') {
        const inline = body.response_format === 'b64_json' || String(body.model).startsWith('gpt-image');
        return send(response, 200, {
          created: 1,
          data: [
            inline ? { b64_json: picture.toString('base64') } : { url: `${state.url.replace(/\/v1$/, '')}/files/picture.png` },
          ],
        });
      }
      if (path === '/v1/models') {
        if (state.models.length === 0)
          return send(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
        return send(response, 200, {
          object: 'list',
          data: state.models.map((model) => ({ object: 'model', created: 1, owned_by: 'stand-in', ...model })),
        });
      }
      if (path === '/v1/audio/transcriptions') {
        // Multipart: the file and the model as form fields (the body is kept raw for tests to read).
        return send(response, 200, { text: state.transcript });
      }
      if (path === '/v1/audio/speech') {
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        return response.end(state.speech);
      }
      if (path === '/v1/realtime/sessions') {
        return send(response, 200, {
          id: 'sess_standin',
          object: 'realtime.session',
          model: body.model,
          voice: body.voice,
          expires_at: 0,
          client_secret: { value: options.realtimeToken ?? 'ek_standin', expires_at: Math.floor(Date.now() / 1000) + 60 },
        });
      }
      send(response, 404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } });
    })();
  });

  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (!(request.url ?? '').startsWith('/v1/realtime') || !authorised(request.headers)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => realtimeSession(ws, request));
  });

  function realtimeSession(ws: WebSocket, request: http.IncomingMessage) {
    const record = { headers: request.headers, url: request.url ?? '', received: [] as Record<string, unknown>[], closed: false };
    state.realtime.push(record);
    const emit = (event: Record<string, unknown>) => ws.send(JSON.stringify(event));
    ws.on('close', () => (record.closed = true));
    emit({ type: 'session.created', session: { id: 'sess_standin', model: 'stand-in', instructions: 'secret system prompt' } });
    let last = '';
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as Record<string, unknown>;
      record.received.push(event);
      if (event.type === 'session.update') return emit({ type: 'session.updated', session: event.session });
      if (event.type === 'conversation.item.create') {
        const item = event.item as { content: { text: string }[] };
        last = item.content[0]?.text ?? '';
        if (last === 'trigger an error') {
          return emit({
            type: 'error',
            error: {
              type: 'invalid_request_error',
              code: 'invalid_api_key',
              message: 'Incorrect API key provided: sk-abc****wxyz.',
            },
          });
        }
        return emit({
          type: 'conversation.item.created',
          item: { id: 'item_1', type: 'message', role: 'user', content: [{ type: 'input_text', text: last }] },
        });
      }
      if (event.type === 'response.create') {
        const text = `Realtime stand-in heard "${last}".`;
        emit({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } });
        for (const piece of text.match(/\S+\s*/g) ?? [])
          emit({ type: 'response.text.delta', response_id: 'resp_1', delta: piece });
        emit({ type: 'response.audio.delta', response_id: 'resp_1', delta: 'AAAA' });
        emit({ type: 'rate_limits.updated', rate_limits: [] });
        emit({
          type: 'response.done',
          response: {
            id: 'resp_1',
            status: 'completed',
            output: [{ id: 'item_2', type: 'message', role: 'assistant', content: [{ type: 'text', text }] }],
          },
        });
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    for (const client of sockets.clients) client.terminate();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
