import { describe, expect, it, vi } from 'vitest';
import { aiChatStreamEventSchema } from '@portal/contracts';
import { readServerSentEvents } from './server-sent-events';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[], source?: string) {
  const events: unknown[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks), aiChatStreamEventSchema, source)) events.push(event);
  return events;
}

describe('reading server-sent events', () => {
  it('yields the JSON of each event, however the bytes are split', async () => {
    const body =
      'data: {"type":"delta","text":"Hel"}\n\n: keep-alive\n\ndata: {"type":"delta","text":"lo"}\n\ndata: {"type":"done","message":"Hello"}\n\n';
    const expected = [
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'done', message: 'Hello' },
    ];
    expect(await collect([body])).toEqual(expected);
    expect(await collect(body.split(''))).toEqual(expected);
    expect(await collect([body.replaceAll('\n', '\r\n')])).toEqual(expected);
  });

  it('reads a last event without a blank line after it', async () => {
    expect(await collect(['data: {"type":"done","message":"x"}'])).toEqual([{ type: 'done', message: 'x' }]);
  });

  it('drops events that are not JSON or not of the contract, saying so once, and reads on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = [
      'data: {"type":"delta","text":"Hel"}',
      'data: {not json',
      'data: {"type":"delta","text":5}',
      'data: {"type":"shout","text":"!"}',
      'data: {"type":"done","message":"Hel"}',
    ].join('\n\n');
    expect(await collect([body], 'test stream')).toEqual([
      { type: 'delta', text: 'Hel' },
      { type: 'done', message: 'Hel' },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
