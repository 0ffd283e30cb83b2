import { once } from 'node:events';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Pack } from 'tar-stream';
import { CHUNK_BYTES, chunkName } from './backup-manifest.js';

/**
 * Settles with `entry`'s callback, or fails when the archive is destroyed first (its output failed):
 * an entry waiting for room would otherwise wait for ever.
 */
function untilTaken(pack: Pack, entry: (done: (error?: Error | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const onClose = () => reject(new Error('The backup archive could not be written.'));
    pack.once('close', onClose);
    entry((error) => {
      pack.off('close', onClose);
      if (error) reject(error);
      else resolve();
    });
  });
}

/** Adds one entry held in memory; settles once the archive has taken it (backpressure included). */
export function addEntry(pack: Pack, name: string, body: Buffer): Promise<void> {
  return untilTaken(pack, (done) => pack.entry({ name, size: body.length, mode: 0o600 }, body, done));
}

/**
 * Adds a stream of unknown length as numbered entries of at most CHUNK_BYTES each (a tar entry
 * states its size first); a restore writes them back one after another. At most one piece is held
 * in memory. Answers the bytes added.
 */
export async function addChunked(pack: Pack, table: string, source: Readable): Promise<number> {
  let pieces: Buffer[] = [];
  let held = 0;
  let index = 0;
  let total = 0;
  const flush = async () => {
    if (held === 0) return;
    const body = Buffer.concat(pieces, held);
    pieces = [];
    held = 0;
    index += 1;
    total += body.length;
    await addEntry(pack, chunkName(table, index), body);
  };
  for await (const chunk of source as AsyncIterable<Buffer>) {
    let rest = chunk;
    while (held + rest.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - held;
      pieces.push(rest.subarray(0, take));
      held += take;
      rest = rest.subarray(take);
      await flush();
    }
    if (rest.length > 0) {
      pieces.push(rest);
      held += rest.length;
    }
  }
  await flush();
  return total;
}

/** Adds an open file as one entry, streamed; answers its size. */
export async function addFile(pack: Pack, name: string, file: FileHandle, mtime: Date): Promise<number> {
  const { size } = await file.stat();
  let failed: Error | undefined;
  await untilTaken(pack, (done) => {
    const sink = pack.entry({ name, size, mode: 0o600, mtime }, (error) => done(failed ?? error));
    (async () => {
      // Exactly `size` bytes: a file cannot grow under the entry's header (the portal replaces media files, it never appends).
      let left = size;
      const content = size > 0 ? file.createReadStream({ start: 0, end: size - 1, autoClose: false }) : [];
      for await (const chunk of content as AsyncIterable<Buffer>) {
        const part = chunk.subarray(0, left);
        left -= part.length;
        if (!sink.write(part)) await once(sink, 'drain');
      }
      if (left > 0) throw new Error(`${name} became shorter while it was being read`);
      sink.end(undefined);
    })().catch((error: unknown) => {
      failed = error as Error;
      sink.destroy(failed);
    });
  });
  return size;
}
