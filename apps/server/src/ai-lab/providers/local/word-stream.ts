import { setTimeout as sleep } from 'node:timers/promises';

/** A finished text as it would be typed: word by word, with a short pause, until stopped. */
export async function* streamWords(text: string, delayMs: number, signal?: AbortSignal): AsyncGenerator<string> {
  const pieces = text.match(/\S+\s*/g) ?? [];
  for (const piece of pieces) {
    if (signal?.aborted) return;
    if (delayMs > 0) await sleep(delayMs, undefined, { signal }).catch(() => undefined);
    if (signal?.aborted) return;
    yield piece;
  }
}
