import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSocketFrameSchema, notificationSocketFrameSchema } from '@portal/contracts';
import { onSessionEnded, SUSPENDED_CODE } from '../../../shared/api/api-client';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { BACKOFF, backoffDelay, createLiveSocket, type LiveStatus } from './live-socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  closedWith: number | undefined;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.all.push(this);
  }
  close(code?: number) {
    this.readyState = 3;
    this.closedWith = code;
  }
  receive(frame: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

const latest = () => FakeSocket.all.at(-1)!;

function start(random = () => 0.5) {
  const messages: unknown[] = [];
  const statuses: LiveStatus[] = [];
  const onReady = vi.fn();
  const socket = createLiveSocket({
    path: '/ws/notification/7/',
    frameSchema: notificationSocketFrameSchema,
    onMessage: (message) => messages.push(message),
    onReady,
    onStatus: (status) => statuses.push(status),
    random,
  });
  return { socket, messages, statuses, onReady };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
  useAuthStore.getState().login({ access: 'access-1', refresh: 'refresh-1' }, 'social');
});
afterEach(() => {
  useAuthStore.getState().clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('backoff', () => {
  it('doubles from 1 s up to a 30 s cap, with between half and all of it as jitter', () => {
    const caps = [0, 1, 2, 3, 4, 5, 6, 10, 50].map((attempt) => backoffDelay(attempt, () => 1));
    expect(caps).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    for (let i = 0; i < 200; i += 1) {
      const delay = backoffDelay(i % 8);
      expect(delay).toBeGreaterThanOrEqual(Math.min(BACKOFF.maxMs, 1000 * 2 ** (i % 8)) / 2);
      expect(delay).toBeLessThanOrEqual(BACKOFF.maxMs);
    }
  });
});

describe('the live socket', () => {
  it('connects with the token as the bearer subprotocol, re-fetches on ready, and passes messages on', () => {
    const { messages, onReady, statuses } = start();
    expect(latest().url).toBe('ws://localhost:3000/ws/notification/7/');
    expect(latest().protocols).toEqual(['bearer', 'access-1']);
    latest().receive({ ready: true });
    expect(onReady).toHaveBeenCalledTimes(1);
    latest().receive({ message: 'post_like' });
    expect(messages).toEqual(['post_like']);
    expect(statuses).toEqual(['live']);
  });

  it('drops frames that do not match the contract, saying so once, and carries on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { messages, onReady, statuses } = start();
    latest().receive({ ready: true });
    latest().receive('not json');
    latest().receive({ other: 1 });
    latest().receive({ message: 'no_such_notification' });
    latest().receive({ ready: 'yes' });
    expect(messages).toEqual([]);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    latest().receive({ message: 'post_like' });
    expect(messages).toEqual(['post_like']);
    expect(statuses).toEqual(['live']);
  });

  it('passes on a chat message only when it is a whole ConversationMessage', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const received: unknown[] = [];
    createLiveSocket({
      path: '/ws/social-chat/c/7/',
      frameSchema: chatSocketFrameSchema,
      onMessage: (message) => received.push(message.body),
      onReady: () => {},
    });
    const person = {
      id: 7,
      first_name: 'Ana',
      last_name: 'Lima',
      username: 'ana',
      email: 'ana@example.com',
      slug: 'ana-lima',
      avatar_url: null,
      friends_count: 0,
      posts_count: 0,
      full_name: 'Ana Lima',
    };
    const message = {
      id: '5f0c7a52-3b57-4c36-9d0b-0b6f1d0e8a11',
      sent_to: person,
      created_by: person,
      created_at_formatted: 'now',
      body: 'Hello',
      created_at: '2026-01-01T00:00:00.000Z',
    };
    latest().receive({ message: { ...message, body: 42 } });
    latest().receive({ message: { id: message.id, body: 'half a message' } });
    latest().receive({ message });
    expect(received).toEqual(['Hello']);
  });

  it('reconnects after a drop with growing jittered delays, re-fetching after each return, and resets after success', () => {
    const { onReady, statuses } = start(() => 0);
    latest().receive({ ready: true });
    latest().drop(1006);
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().drop(1011);
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.all).toHaveLength(4);
    latest().receive({ ready: true });
    expect(onReady).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe('live');
    // After a success the delay starts small again.
    latest().drop(1006);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('when its instance shuts down (1001 going away), reconnects through the same address and re-fetches on ready', () => {
    const { onReady, statuses } = start(() => 0);
    latest().receive({ ready: true });
    const first = latest();
    first.drop(1001);
    expect(statuses.at(-1)).toBe('reconnecting');
    // The first retry comes after half a second at most: the load balancer sends it to another instance.
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().url).toBe(first.url);
    expect(latest().protocols).toEqual(['bearer', 'access-1']);
    latest().receive({ ready: true });
    // Ready again: the owner re-fetches what was sent while no socket was open.
    expect(onReady).toHaveBeenCalledTimes(2);
    expect(statuses.at(-1)).toBe('live');
  });

  it('renews the token once after 4401 and reconnects with the new one', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ access: 'access-2' }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    start();
    latest().drop(4401);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(latest().protocols).toEqual(['bearer', 'access-2']);
    // A second refusal in a row does not loop on renewals: it backs off.
    latest().drop(4401);
    await Promise.resolve();
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(BACKOFF.baseMs);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('stops for good after 4403, and when stopped (logout)', () => {
    const first = start();
    latest().drop(4403);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(first.statuses.at(-1)).toBe('stopped');

    const second = start();
    latest().receive({ ready: true });
    second.socket.stop();
    expect(latest().closedWith).toBe(1000);
    latest().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('after 4423 (suspended) stops, logs out and tells the reason: the refresh answer, else the close frame', async () => {
    const ended: (string | null)[] = [];
    const unsubscribe = onSessionEnded(({ suspended }) => ended.push(suspended));
    const refusal = (body: object) =>
      new Response(JSON.stringify(body), { status: 401, headers: { 'content-type': 'application/json' } });
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(refusal({ detail: 'This account is suspended: Spam links, all of it', code: SUSPENDED_CODE }))
      .mockResolvedValueOnce(refusal({ detail: 'Token is blacklisted', code: 'token_not_valid' }));
    const first = start();
    latest().drop(4423, 'This account is suspended: Spam…');
    await vi.waitFor(() => expect(ended).toEqual(['This account is suspended: Spam links, all of it']));
    expect(first.statuses.at(-1)).toBe('stopped');
    expect(useAuthStore.getState().access).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    useAuthStore.getState().login({ access: 'access-1', refresh: 'refresh-1' }, 'social');
    start();
    latest().drop(4423, 'This account is suspended: Spam…');
    await vi.waitFor(() => expect(ended).toHaveLength(2));
    expect(ended[1]).toBe('This account is suspended: Spam…');
    unsubscribe();
  });

  it('does not connect without a token', () => {
    useAuthStore.getState().clear();
    const { statuses } = start();
    expect(FakeSocket.all).toHaveLength(0);
    expect(statuses).toEqual(['stopped']);
  });
});
