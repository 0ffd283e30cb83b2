import { describe, expect, it } from 'vitest';
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

async function collect(chunks: string[]) {
  const events: unknown[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
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
});
