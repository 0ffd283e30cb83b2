import type { z } from 'zod';
import { parseFrame } from '../../../shared/api/parse-frame';

/**
 * Reads a `text/event-stream` body and yields the JSON of each `data:` field that matches the
 * contract's `schema`; others are dropped. Comments (lines starting with `:`, the server's
 * keep-alives) are skipped.
 */
export async function* readServerSentEvents<S extends z.ZodType>(
  body: ReadableStream<Uint8Array>,
  schema: S,
  source = 'server-sent event',
): AsyncGenerator<z.output<S>> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = done ? '' : (blocks.pop() ?? '');
      for (const block of blocks) {
        const data = block
          .split(/\r?\n/)
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).replace(/^ /, ''))
          .join('\n');
        const event = data ? parseFrame(schema, data, source) : undefined;
        if (event !== undefined) yield event;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
