import WebSocket from 'ws';
import { RELAYED_SERVER_EVENTS, type RealtimeClientEvent, type RealtimeServerEvent } from '@portal/contracts';
import { FUNNY_CHAT_INSTRUCTIONS, type RealtimeHandlers, type RealtimeSession } from './ai-provider.js';

interface RelayTarget {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/**
 * The provider's realtime socket: `<base URL>/realtime?model=…`, `wss` for an https base and `ws`
 * for a plain http one (a server on the same machine). The SDK's own realtime client always uses
 * `wss`, so the relay opens the socket itself with exactly the SDK's headers.
 */
export function realtimeUrl(baseUrl: string, model: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/realtime`);
  url.protocol = url.protocol === 'http:' ? 'ws:' : 'wss:';
  url.searchParams.set('model', model);
  return url.toString();
}

/** Words for the provider's error codes; its own message is not passed on (it may quote the key). */
const ERROR_WORDS: Record<string, string> = {
  conversation_already_has_active_response: 'A reply is already on its way.',
  rate_limit_exceeded: 'The AI provider is busy. Try again in a moment.',
  insufficient_quota: 'The AI provider is out of quota.',
  invalid_api_key: 'The AI provider refused the server’s credentials.',
  session_expired: 'The realtime session expired. Send your message again.',
};

function safeError(event: { error?: { type?: string; code?: string | null } }): RealtimeServerEvent {
  const code = event.error?.code ?? null;
  const message = (code && ERROR_WORDS[code]) ?? `The AI provider reported an error${code ? ` (${code})` : ''}.`;
  return { type: 'error', error: { type: event.error?.type ?? 'server_error', code, message } };
}

/**
 * One realtime conversation with the provider, holding the key on the server. The browser's
 * events are forwarded once the socket opens; the provider's events go back only if the browser
 * may see them (text and transcripts, not audio or session details).
 */
export function openRealtimeRelay(target: RelayTarget, handlers: RealtimeHandlers): RealtimeSession {
  const socket = new WebSocket(realtimeUrl(target.baseUrl, target.model), {
    headers: {
      ...(target.apiKey ? { Authorization: `Bearer ${target.apiKey}` } : {}),
      'OpenAI-Beta': 'realtime=v1',
    },
    handshakeTimeout: target.timeoutMs,
    maxPayload: 16 * 1024 * 1024,
  });
  const waiting: string[] = [];
  let failed = false;

  const fail = (message: string) => {
    if (failed) return;
    failed = true;
    handlers.onEvent({ type: 'error', error: { type: 'server_error', code: 'provider_unavailable', message } });
  };

  socket.on('open', () => {
    // Text replies, in Funny Chat's voice; the browser cannot change the session (session.update is not relayed).
    socket.send(
      JSON.stringify({ type: 'session.update', session: { modalities: ['text'], instructions: FUNNY_CHAT_INSTRUCTIONS } }),
    );
    for (const payload of waiting.splice(0)) socket.send(payload);
  });
  socket.on('message', (data) => {
    let event: { type?: unknown; error?: { type?: string; code?: string | null } };
    try {
      event = JSON.parse(String(data)) as typeof event;
    } catch {
      return;
    }
    if (typeof event.type !== 'string' || !RELAYED_SERVER_EVENTS.has(event.type)) return;
    handlers.onEvent(event.type === 'error' ? safeError(event) : (event as RealtimeServerEvent));
  });
  socket.on('unexpected-response', (_request, response) => {
    fail(`The AI provider refused the realtime connection (${response.statusCode ?? 'no status'}).`);
    socket.terminate();
  });
  socket.on('error', () => fail('The AI provider’s realtime service could not be reached.'));
  socket.on('close', () => handlers.onClose());

  return {
    send(event: RealtimeClientEvent) {
      const shaped: RealtimeClientEvent =
        event.type === 'response.create' ? { ...event, response: { modalities: ['text'] } } : event;
      const payload = JSON.stringify(shaped);
      if (socket.readyState === WebSocket.OPEN) socket.send(payload);
      else if (socket.readyState === WebSocket.CONNECTING) waiting.push(payload);
    },
    close() {
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000);
    },
  };
}
