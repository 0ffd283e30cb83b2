import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Deps } from '../core/deps.js';
import { createMemoryEventBus } from '../core/events/memory-event-bus.js';
import type { PortalEvent } from '../core/events/event-bus.js';
import { createRealtimeHub } from './realtime-hub.js';
import { sendAll, sharedFrame } from './socket-batch.js';

/** A `ws` socket as the hub sees it, recording what is written to its TCP socket. */
function fakeSocket() {
  const calls: string[] = [];
  const listeners = new Map<string, (() => void)[]>();
  const socket = {
    OPEN: 1,
    readyState: 1,
    extensions: '',
    calls,
    _sender: { _state: 0, _queue: [] },
    _socket: {
      cork: () => calls.push('cork'),
      uncork: () => calls.push('uncork'),
      // A whole frame: 0x81, then the length (these are short), then the text.
      write: (wire: Buffer) => calls.push(`write ${wire[0]!.toString(16)} ${wire[1]} ${String(wire.subarray(2))}`),
    },
    send: (data: Buffer) => calls.push(`ws.send ${String(data)}`),
    on: (name: string, listener: () => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
    ping: () => undefined,
    terminate: () => undefined,
    close: () => undefined,
    shut() {
      socket.readyState = 3;
      for (const listener of listeners.get('close') ?? []) listener();
    },
  };
  return socket;
}

const notice = (n: number): PortalEvent => ({ type: 'notification.created', profileId: 1, notificationType: `n${n}` });
const frameOf = async (event: PortalEvent) =>
  event.type === 'notification.created' ? { message: event.notificationType } : undefined;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const wrote = (n: number) => `write 81 ${`{"message":"n${n}"}`.length} {"message":"n${n}"}`;

function hubOf() {
  const events = createMemoryEventBus();
  const log = { error: () => undefined } as unknown as Deps['log'];
  const hub = createRealtimeHub({ events, log, config: { socketPingIntervalMs: 60_000 } as Deps['config'] });
  return { events, hub };
}

describe('realtime hub: frames of one turn leave together', () => {
  it('writes the frames published in one turn to each socket in one corked write, in order', async () => {
    const { events, hub } = hubOf();
    const [a, b] = [fakeSocket(), fakeSocket()];
    for (const socket of [a, b]) await hub.join(socket as unknown as WebSocket, null, 'room', frameOf);
    for (let n = 1; n <= 3; n += 1) await events.publish('room', notice(n));
    await nextTurn();
    await nextTurn();
    const batch = ['cork', wrote(1), wrote(2), wrote(3), 'uncork'];
    expect(a.calls).toEqual(batch);
    expect(b.calls).toEqual(batch);
    hub.close();
  });

  it('writes a lone frame as it is, and nothing to a socket that closed before the batch left', async () => {
    const { events, hub } = hubOf();
    const [a, b] = [fakeSocket(), fakeSocket()];
    for (const socket of [a, b]) await hub.join(socket as unknown as WebSocket, null, 'room', frameOf);
    await events.publish('room', notice(1));
    await Promise.resolve();
    await Promise.resolve();
    b.readyState = 2; // closing: queued frames must not be written
    await nextTurn();
    await nextTurn();
    expect(a.calls).toEqual([wrote(1)]);
    expect(b.calls).toEqual([]);
    b.shut();
    await events.publish('room', notice(2));
    await nextTurn();
    await nextTurn();
    expect(a.calls).toEqual([wrote(1), wrote(2)]);
    expect(b.calls).toEqual([]);
    hub.close();
  });

  it('goes through ws itself when it holds frames back or an extension is in use', () => {
    const busy = fakeSocket();
    busy._sender._state = 1; // deflating
    const deflating = fakeSocket();
    deflating.extensions = 'permessage-deflate';
    const frames = [1, 2].map((n) => sharedFrame(Buffer.from(`{"n":${n}}`)));
    for (const socket of [busy, deflating]) {
      sendAll(socket as unknown as WebSocket, frames);
      expect(socket.calls).toEqual(['ws.send {"n":1}', 'ws.send {"n":2}']);
    }
  });
});

describe('sendAll over a real socket', () => {
  let server: WebSocketServer | undefined;
  afterEach(() => server?.close());

  async function pair() {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const accepted = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const [socket] = (await accepted) as [WebSocket];
    return { client, socket };
  }

  const received = (client: WebSocket, count: number) =>
    new Promise<string[]>((resolve) => {
      const texts: string[] = [];
      client.on('message', (data, binary) => {
        texts.push(binary ? 'binary!' : String(data));
        if (texts.length === count) resolve(texts);
      });
    });

  it('writes several frames in one system call, which the client reads as separate text messages in order', async () => {
    const { client, socket } = await pair();
    const raw = (
      socket as unknown as { _socket: { _writev: (...args: unknown[]) => void; _write: (...args: unknown[]) => void } }
    )._socket;
    const writes: number[] = [];
    const writev = raw._writev.bind(raw);
    const write = raw._write.bind(raw);
    raw._writev = (chunks: unknown, callback: unknown) => {
      writes.push((chunks as unknown[]).length);
      writev(chunks, callback);
    };
    raw._write = (...args: unknown[]) => {
      writes.push(1);
      write(...args);
    };
    const texts = [1, 2, 3, 4, 5].map((n) => JSON.stringify({ n }));
    const all = received(client, 5);
    sendAll(
      socket,
      texts.map((text) => sharedFrame(Buffer.from(text))),
    );
    expect(await all).toEqual(texts);
    expect(writes).toEqual([5]);
    client.close();
  });

  it('frames every length a chat frame can have (7-bit, 16-bit and 64-bit lengths) as ws reads them', async () => {
    const { client, socket } = await pair();
    const lengths = [0, 1, 125, 126, 127, 65_535, 65_536, 70_000];
    const texts = lengths.map((length) => 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2));
    const all = received(client, texts.length);
    for (const text of texts) sendAll(socket, [sharedFrame(Buffer.from(text))]);
    expect(await all).toEqual(texts);
    // ws's own frames on the same socket still arrive whole, after ours.
    const more = received(client, 1);
    socket.send('after');
    expect(await more).toEqual(['after']);
    client.close();
  });
});
