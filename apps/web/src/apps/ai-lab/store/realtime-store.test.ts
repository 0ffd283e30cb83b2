import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { connectRealtime, disconnectRealtime, resetRealtime, sendRealtimeMessage, useRealtimeStore } from './realtime-store';

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string[],
  ) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all.at(-1)!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  resetRealtime();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the realtime chat socket', () => {
  it('opens on the relay path, sending the access token as the bearer subprotocol', () => {
    useAuthStore.getState().login({ access: 'the-access', refresh: 'r' }, 'social');
    connectRealtime();
    expect(latest().url).toBe('ws://localhost:3000/ws/ai-lab/realtime/');
    expect(latest().protocols).toEqual(['bearer', 'the-access']);
    useAuthStore.getState().clear();
  });

  it('sends nothing while the socket is not open', () => {
    connectRealtime();
    expect(sendRealtimeMessage('hello')).toBe(false);
    expect(latest().sent).toEqual([]);
    expect(useRealtimeStore.getState().messages).toEqual([]);
  });

  it('adds my message, sets loading, sends the text and asks for a response; appends the reply on response.done', () => {
    connectRealtime();
    latest().open();
    expect(useRealtimeStore.getState().status).toBe('open');
    expect(sendRealtimeMessage('  Hello there ')).toBe(true);
    expect(useRealtimeStore.getState()).toMatchObject({ messages: [{ sender: 'me', message: 'Hello there' }], loading: true });
    expect(latest().sent).toEqual([
      {
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hello there' }] },
      },
      { type: 'response.create' },
    ]);
    latest().receive({ type: 'response.text.delta', response_id: 'r', delta: 'Hi ' });
    latest().receive({ type: 'response.text.delta', response_id: 'r', delta: 'you' });
    expect(useRealtimeStore.getState().partial).toBe('Hi you');
    latest().receive({
      type: 'response.done',
      response: {
        id: 'r',
        status: 'completed',
        output: [{ type: 'message', content: [{ type: 'audio', transcript: 'Hi you!' }] }],
      },
    });
    expect(useRealtimeStore.getState()).toMatchObject({
      messages: [
        { sender: 'me', message: 'Hello there' },
        { sender: 'chat', message: 'Hi you!' },
      ],
      loading: false,
      partial: '',
    });
  });

  it('drops events that do not match the contract, saying so once, and reads on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    connectRealtime();
    latest().open();
    sendRealtimeMessage('hi');
    latest().onmessage?.({ data: '{not json' });
    latest().receive({ type: 'response.text.delta', response_id: 'r', delta: 42 });
    latest().receive({ type: 'response.done' });
    latest().receive({ type: 'error' });
    latest().receive({ no: 'type' });
    // Other events of the protocol pass the contract, and change nothing here.
    latest().receive({ type: 'response.output_item.added', response_id: 'r', item: {} });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(useRealtimeStore.getState()).toMatchObject({ loading: true, partial: '', errorMessage: null });
    latest().receive({ type: 'response.text.delta', response_id: 'r', delta: 'Hi' });
    latest().receive({ type: 'response.done', response: { id: 'r', status: 'completed', output: [] } });
    expect(useRealtimeStore.getState()).toMatchObject({ loading: false, messages: [{}, { sender: 'chat', message: 'Hi' }] });
    warn.mockRestore();
  });

  it('shows an error event with the administrator sentence and ends loading', () => {
    connectRealtime();
    latest().open();
    sendRealtimeMessage('hi');
    latest().receive({ type: 'error', error: { type: 'x', message: 'Too many AI requests. Try again in 5 minutes.' } });
    expect(useRealtimeStore.getState()).toMatchObject({
      loading: false,
      errorMessage: 'Too many AI requests. Try again in 5 minutes. Please contact the site administrator if the issue persists.',
    });
  });

  it('reconnects after a drop, and without the token after a 4401', () => {
    useAuthStore.getState().login({ access: 'stale', refresh: 'r' }, 'social');
    connectRealtime();
    latest().open();
    latest().drop(1006);
    expect(useRealtimeStore.getState().status).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(4401);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.all).toHaveLength(3);
    expect(latest().protocols).toBeUndefined();
    useAuthStore.getState().clear();
  });

  it('stays closed once the layout is gone', () => {
    connectRealtime();
    latest().open();
    disconnectRealtime();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(useRealtimeStore.getState().status).toBe('closed');
  });
});
