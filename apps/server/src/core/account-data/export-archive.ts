import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { MediaStorage } from '../media/media-storage.js';
import type { ExportEntry } from './account-data.js';

async function* jsonArray(rows: AsyncIterable<unknown>): AsyncIterable<string> {
  let first = true;
  yield '[';
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* jsonDocument(read: () => Promise<unknown>): AsyncIterable<string> {
  yield `${JSON.stringify(await read(), null, 2)}\n`;
}

async function* mediaFile(media: MediaStorage, key: string): AsyncIterable<Buffer> {
  const file = await media.open(key);
  // A file already gone (a purged AI picture) leaves an empty entry rather than a broken archive.
  if (file) yield* file.body as AsyncIterable<Buffer>;
}

function contentOf(entry: ExportEntry, media: MediaStorage): Readable {
  if ('media' in entry) return Readable.from(mediaFile(media, entry.media));
  if ('rows' in entry) return Readable.from(jsonArray(entry.rows()));
  return Readable.from(jsonDocument(entry.json));
}

/**
 * A member's export as a ZIP stream. Each entry is opened only when the archive reaches it and is
 * piped through with back-pressure, so at most a page of rows or a chunk of a file is in memory,
 * whatever the account's size. Pictures and voices are stored as they are (already compressed).
 */
export function exportArchive(entries: readonly ExportEntry[], media: MediaStorage, readme: string): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const fail = (error: Error) => output.destroy(error);
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'README.txt');
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.path, { compress: !('media' in entry) }, (done) => {
      const stream = contentOf(entry, media);
      stream.on('error', fail);
      done(null, stream);
    });
  }
  zip.end();
  return output;
}
