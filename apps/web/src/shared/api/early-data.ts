import { apiRequest } from './api-client';

/** How long an early answer waits for its page before it counts as stale and is dropped. */
const KEEP_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * Starts a page's first GET as soon as the router matches its route, while the page's code is
 * still downloading (the route table's `early`, run by the route's loader on the first load), so the
 * data and the chunks travel side by side instead of the data waiting for the rendered page.
 */
export function fetchEarly(path: string): void {
  if (started.has(path)) return;
  const answer = apiRequest<unknown>(path);
  // The page's query reports a failure; an answer nobody takes must not be an unhandled rejection.
  answer.catch(() => undefined);
  started.set(path, { at: Date.now(), answer });
}

/**
 * The answer `fetchEarly(path)` started, handed over once (the page's query owns it afterwards); a
 * fresh request when there is none, or when it is older than ten seconds.
 */
export function takeEarly<T>(path: string, request: () => Promise<T>): Promise<T> {
  const early = started.get(path);
  started.delete(path);
  if (early && Date.now() - early.at <= KEEP_MS) return early.answer as Promise<T>;
  return request();
}
