import type { WebSocket } from 'ws';

/**
 * A text frame for many sockets, framed once: `text` is its payload (encoded JSON) and `wire` the
 * whole frame as a server sends it (RFC 6455 §5.2: FIN, text opcode, unmasked, then the length).
 * Building it once per room saves `ws` framing it again for each socket.
 */
export interface SharedFrame {
  text: Buffer;
  wire: Buffer;
}

export function sharedFrame(text: Buffer): SharedFrame {
  const length = text.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.from([0x81, length]);
  } else if (length < 0x10000) {
    header = Buffer.alloc(4);
    header[0] = 0x81;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return { text, wire: Buffer.concat([header, text]) };
}

/** The TCP socket under a `ws` socket and the part of it used here: `ws` does not expose it. */
interface Wire {
  cork(): void;
  uncork(): void;
  write(chunk: Buffer): boolean;
}

/**
 * The socket's TCP socket when whole frames may be written to it directly: the connection is open,
 * no extension (permessage-deflate) is in use, and `ws` itself holds nothing back (its sender's queue
 * is empty and idle), so these bytes cannot overtake or split a frame of its own. Otherwise undefined.
 */
function wireOf(ws: WebSocket): Wire | undefined {
  const inner = ws as unknown as { _socket?: Partial<Wire>; _sender?: { _state?: unknown; _queue?: unknown[] } };
  const raw = inner._socket;
  const sender = inner._sender;
  if (ws.extensions !== '' || sender?._state !== 0 || sender._queue?.length !== 0) return undefined;
  if (typeof raw?.write !== 'function' || typeof raw.cork !== 'function' || typeof raw.uncork !== 'function') return undefined;
  return raw as Wire;
}

const TEXT = { binary: false } as const;

/**
 * Sends `frames` in order on a socket in one write (corked: one system call), as whole frames framed
 * once for every socket; through `ws` itself when that is not safe (see `wireOf`). A socket that is
 * not open gets nothing.
 */
export function sendAll(ws: WebSocket, frames: SharedFrame[]) {
  if (ws.readyState !== ws.OPEN) return;
  const wire = wireOf(ws);
  if (!wire) {
    for (const frame of frames) ws.send(frame.text, TEXT);
    return;
  }
  if (frames.length === 1) {
    wire.write(frames[0]!.wire);
    return;
  }
  wire.cork();
  try {
    for (const frame of frames) wire.write(frame.wire);
  } finally {
    wire.uncork();
  }
}
