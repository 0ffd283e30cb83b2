import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every event received so far. */
  events: Record<string, unknown>[];
  send(event: unknown): void;
  /** Waits for the next event of a type, or of one of several types (or one already received and not yet taken). */
  next(type: string | string[], timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Waits for the socket to close; answers the close code. */
  closed(timeoutMs?: number): Promise<number>;
  /** The reason of the close frame, once closed. */
  closeReason(): string | undefined;
  /** Waits for the first event (received or to come) that passes a test, however it is shaped. */
  until(test: (event: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** A websocket client for the tests, collecting the JSON events the server sends. */
export function openTestSocket(url: string, protocols?: string[]): Promise<TestSocket> {
  const socket = new WebSocket(url, protocols);
  const events: Record<string, unknown>[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  let closeCode: number | undefined;
  let reason: string | undefined;
  socket.on('message', (data, isBinary) => {
    // Browsers hand binary frames over as Blobs, which the web client does not parse: the server
    // sends text frames only, and a binary one shows up here as what it is.
    if (isBinary) events.push({ binaryFrame: String(data) });
    else events.push(JSON.parse(String(data)) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  socket.on('close', (code, why) => {
    closeCode = code;
    reason = String(why);
    for (const wake of waiters) wake();
  });
  const wait = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const found = check();
        if (found === undefined) return false;
        waiters.delete(attempt);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(attempt);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(events).slice(0, 500)}`));
      }, timeoutMs);
      if (!attempt()) waiters.add(attempt);
    });
  const client: TestSocket = {
    socket,
    events,
    send: (event) => socket.send(JSON.stringify(event)),
    next: (type, timeoutMs = 10_000) =>
      wait(
        () => {
          const types = Array.isArray(type) ? type : [type];
          const index = events.findIndex((event, i) => i >= taken && types.includes(event.type as string));
          if (index < 0) return undefined;
          taken = index + 1;
          return events[index];
        },
        timeoutMs,
        String(type),
      ),
    closed: (timeoutMs = 10_000) => wait(() => closeCode, timeoutMs, 'close'),
    closeReason: () => reason,
    until: (test, timeoutMs = 10_000) => wait(() => events.find(test), timeoutMs, 'a matching event'),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
    socket.once('close', () => resolve(client));
  });
}

export const userMessage = (text: string) => ({
  type: 'conversation.item.create',
  item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
});
