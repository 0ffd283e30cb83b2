import { create } from 'zustand';
import {
  AI_LAB_ERROR_SUFFIX,
  isRealtimeReplyEvent,
  REALTIME_PATH,
  realtimeServerEventSchema,
  replyTranscript,
  type RealtimeReplyEvent,
} from '@portal/contracts';
import { parseFrame } from '../../../shared/api/parse-frame';
import { socketUrl } from '../../../shared/api/socket-url';
import { useAuthStore } from '../../../shared/auth/auth-store';

export interface RealtimeMessage {
  sender: 'me' | 'chat';
  message: string;
}

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

interface RealtimeState {
  status: RealtimeStatus;
  /** Spec §3: the realtime chat messages, each from me or from the chat. */
  messages: RealtimeMessage[];
  loading: boolean;
  /** The reply as it streams in, before `response.done`. */
  partial: string;
  errorMessage: string | null;
}

const initial: RealtimeState = { status: 'closed', messages: [], loading: false, partial: '', errorMessage: null };

/** Spec §4, realtime chat: the socket's state. Its actions are the functions below. */
export const useRealtimeStore = create<RealtimeState>(() => initial);

const CLOSE_UNAUTHENTICATED = 4401;
const MAX_RETRY_MS = 30_000;

let socket: WebSocket | null = null;
let wanted = false;
let anonymous = false;
let retryMs = 1000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

const set = (change: Partial<RealtimeState>) => useRealtimeStore.setState(change);
const failed = (message: string) => set({ loading: false, partial: '', errorMessage: `${message}${AI_LAB_ERROR_SUFFIX}` });

function onEvent(event: RealtimeReplyEvent) {
  const state = useRealtimeStore.getState();
  switch (event.type) {
    case 'response.text.delta':
    case 'response.audio_transcript.delta':
      set({ partial: state.partial + event.delta });
      return;
    case 'response.done': {
      const reply = replyTranscript(event.response) || state.partial.trim();
      set({ messages: [...state.messages, { sender: 'chat', message: reply }], loading: false, partial: '' });
      return;
    }
    case 'error':
      failed(event.error.message);
      return;
    default:
  }
}

function open() {
  const url = socketUrl(REALTIME_PATH);
  // A browser cannot set headers on a socket: the access token travels as the `bearer` subprotocol.
  const access = anonymous ? null : useAuthStore.getState().access;
  const created = access ? new WebSocket(url, ['bearer', access]) : new WebSocket(url);
  socket = created;
  set({ status: 'connecting' });
  created.onopen = () => {
    retryMs = 1000;
    set({ status: 'open' });
  };
  created.onmessage = (message) => {
    const event = parseFrame(realtimeServerEventSchema, String(message.data), REALTIME_PATH);
    if (event && isRealtimeReplyEvent(event)) onEvent(event);
  };
  created.onclose = (closed) => {
    if (socket !== created) return;
    socket = null;
    set({ status: 'closed' });
    if (useRealtimeStore.getState().loading) failed('The connection was lost before the reply arrived.');
    if (!wanted) return;
    // A stale token: carry on without it (the chat is open to everyone); otherwise retry, more slowly each time.
    if (closed.code === CLOSE_UNAUTHENTICATED) anonymous = true;
    const delay = closed.code === CLOSE_UNAUTHENTICATED ? 0 : retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    retryTimer = setTimeout(() => wanted && !socket && open(), delay);
  };
}

/** Opens the socket (spec §4: when the AI lab layout mounts) and keeps it open until `disconnectRealtime`. */
export function connectRealtime(): void {
  wanted = true;
  if (!socket) open();
}

export function disconnectRealtime(): void {
  wanted = false;
  clearTimeout(retryTimer);
  const current = socket;
  socket = null;
  current?.close(1000);
  set({ status: 'closed', loading: false, partial: '' });
}

/**
 * Spec §4: sending adds my message, sets the loading flag, sends the text and asks for a response.
 * Nothing is sent while the socket is not open; answers whether it was sent.
 */
export function sendRealtimeMessage(text: string): boolean {
  const message = text.trim();
  const state = useRealtimeStore.getState();
  if (!message || state.loading || !socket || socket.readyState !== WebSocket.OPEN) return false;
  set({ messages: [...state.messages, { sender: 'me', message }], loading: true, partial: '', errorMessage: null });
  socket.send(
    JSON.stringify({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: message }] },
    }),
  );
  socket.send(JSON.stringify({ type: 'response.create' }));
  return true;
}

export const clearRealtimeError = () => set({ errorMessage: null });

/** Back to the start (tests, and a fresh conversation). */
export function resetRealtime(): void {
  disconnectRealtime();
  anonymous = false;
  retryMs = 1000;
  useRealtimeStore.setState(initial);
}
