import type { z } from 'zod';
import { SOCKET_CLOSE_CODES } from '@portal/contracts';
import { renewAccessToken } from '../../../shared/api/api-client';
import { parseFrame } from '../../../shared/api/parse-frame';
import { socketUrl } from '../../../shared/api/socket-url';
import { useAuthStore } from '../../../shared/auth/auth-store';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface LiveSocketOptions<M> {
  /** Server path of the socket, e.g. `/ws/notification/12/`. */
  path: string;
  /** The contract's schema of the socket's frames (contract §9): frames that do not match are dropped. */
  frameSchema: z.ZodType<{ message: M } | { ready: true }>;
  /** A frame with a `message`. */
  onMessage(message: M): void;
  /** The server confirmed the subscription: re-fetch what may have been missed meanwhile. */
  onReady(): void;
  onStatus?(status: LiveStatus): void;
  /** Injected by tests. */
  random?: () => number;
}

export const BACKOFF = { baseMs: 1000, maxMs: 30_000 } as const;

/**
 * Delay before reconnect attempt `attempt` (0-based): capped exponential growth with "equal
 * jitter", i.e. between half and all of `min(max, base · 2^attempt)`, so a server restart does not
 * see every browser come back in the same instant.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/**
 * One authenticated socket that stays up: the access token travels as the `bearer` subprotocol
 * (deviation 1); a refused token (4401) is renewed once and retried; a refusal of access (4403)
 * stops it; a suspension (4423, issue 27) stops it and ends the session with the reason, which the
 * app shows as a page; any other loss reconnects after a growing, jittered delay. Each (re)connection ends
 * with a `ready` frame, on which the owner re-fetches over REST, so nothing sent during a gap is lost.
 */
export function createLiveSocket<M>({
  path,
  frameSchema,
  onMessage,
  onReady,
  onStatus,
  random = Math.random,
}: LiveSocketOptions<M>) {
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let renewedInARow = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let status: LiveStatus = 'connecting';

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    onStatus?.(next);
  };

  const retryLater = () => {
    setStatus('reconnecting');
    const delay = backoffDelay(attempt, random);
    attempt += 1;
    timer = setTimeout(open, delay);
  };

  function open() {
    if (stopped) return;
    const access = useAuthStore.getState().access;
    if (!access) return stop();
    const created = new WebSocket(socketUrl(path), ['bearer', access]);
    socket = created;
    created.onmessage = (event) => {
      const frame = parseFrame(frameSchema, String(event.data), path);
      if (!frame) return;
      if ('ready' in frame) {
        attempt = 0;
        renewedInARow = false;
        setStatus('live');
        onReady();
      } else onMessage(frame.message);
    };
    created.onclose = (event) => {
      if (socket !== created) return;
      socket = null;
      if (stopped) return;
      if (event.code === SOCKET_CLOSE_CODES.forbidden) return stop();
      if (event.code === SOCKET_CLOSE_CODES.suspended) {
        stop();
        // The refresh answers the suspension with its whole reason; the close frame's (cut to fit) if it cannot.
        void renewAccessToken(event.reason || 'This account is suspended.');
        return;
      }
      if (event.code === SOCKET_CLOSE_CODES.unauthenticated && !renewedInARow) {
        renewedInARow = true;
        setStatus('reconnecting');
        void renewAccessToken().then((renewed) => (renewed ? open() : stop()));
        return;
      }
      retryLater();
    };
  }

  function stop() {
    stopped = true;
    clearTimeout(timer);
    const current = socket;
    socket = null;
    if (current && current.readyState <= 1) current.close(1000);
    setStatus('stopped');
  }

  open();
  return {
    stop,
    status: () => status,
    /** Reconnects at once (e.g. when the browser comes back online) instead of waiting for the timer. */
    retryNow() {
      if (stopped || socket) return;
      clearTimeout(timer);
      open();
    },
  };
}

export type LiveSocket = ReturnType<typeof createLiveSocket>;
