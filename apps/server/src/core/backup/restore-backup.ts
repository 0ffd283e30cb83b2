import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { beginRestore, copyDone, type DumpTable, type RestoreSession } from '../../db/logical-backup.js';
import { pgRestore, toolMajor } from '../../db/pg-dump.js';
import { contentTypeOf, isSafeKey, type MediaStorage } from '../media/media-storage.js';
import {
  END_ENTRY,
  MANIFEST_ENTRY,
  PG_DUMP_TABLE,
  endSchema,
  manifestSchema,
  type BackupEnd,
  type BackupManifest,
} from './backup-manifest.js';

/** An entry being read: its bytes, then the next entry. */
type TarEntry = AsyncIterable<Buffer> & { header: { name: string } };

/** The archive cannot be restored (not a backup, cut short, or needs what is missing here). */
export class BackupUnusable extends Error {}

export interface RestoreTarget {
  databaseUrl: string;
  /**
   * Where the backup's media files go: `DATA_DIR/media` (its files are replaced by the backup's),
   * or a media store (an S3 bucket: a one-machine backup moved to a cluster), or nowhere.
   */
  media: { kind: 'dir'; dir: string } | { kind: 'store'; store: Pick<MediaStorage, 'put'> } | undefined;
}

/** Reads only the manifest of a backup: what it is and when it was made. */
export async function readManifest(file: string): Promise<BackupManifest> {
  const extract = tar.extract();
  const entries = (extract as unknown as AsyncIterable<TarEntry>)[Symbol.asyncIterator]();
  const reading = pipeline(createReadStream(file), zlib.createGunzip(), extract);
  reading.catch(() => undefined);
  try {
    const first = await entries.next();
    if (first.done || first.value.header.name !== MANIFEST_ENTRY)
      throw new BackupUnusable('This file is not a backup of the portal.');
    return parse(manifestSchema, await readAll(first.value), 'The manifest');
  } catch (error) {
    if (error instanceof BackupUnusable) throw error;
    throw new BackupUnusable(`This file is not a backup of the portal (${(error as Error).message}).`);
  } finally {
    extract.destroy();
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  end: BackupEnd;
}

async function readAll(stream: AsyncIterable<Buffer>, limit = 16 * 1024 * 1024): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) throw new BackupUnusable('An entry of the backup is larger than it can be.');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

async function writeAll(source: AsyncIterable<Buffer>, sink: Writable): Promise<void> {
  for await (const chunk of source) {
    if (!sink.write(chunk)) await once(sink, 'drain');
  }
}

function parse<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  body: Buffer,
  what: string,
): T {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BackupUnusable(`${what} of the backup is not JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BackupUnusable(`${what} of the backup is not one this portal reads.`);
  return parsed.data;
}

/** Where the database's pieces go while the archive is read: COPY streams, or pg_restore. */
interface DatabaseSink {
  open(table: string): Writable;
  /** Ends the current table's stream; answers the rows the server took (logical). */
  close(): Promise<void>;
  commit(end: BackupEnd): Promise<void>;
  abort(): Promise<void>;
}

function logicalSink(session: RestoreSession, tables: DumpTable[]): DatabaseSink {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const rows = new Map<string, number>();
  let current: { name: string; stream: Writable & { rowCount: number } } | undefined;
  return {
    open(name) {
      const table = byName.get(name);
      if (!table || rows.has(name)) throw new BackupUnusable(`The backup's rows of ${name} are out of place.`);
      current = { name, stream: session.rows(table) };
      return current.stream;
    },
    async close() {
      if (!current) return;
      const { name, stream } = current;
      current = undefined;
      rows.set(name, await copyDone(stream));
    },
    async commit(end) {
      for (const table of tables) {
        const expected = end.tables[table.name] ?? 0;
        if ((rows.get(table.name) ?? 0) !== expected) {
          throw new BackupUnusable(
            `The backup is incomplete: ${table.name} has ${rows.get(table.name) ?? 0} of ${expected} rows.`,
          );
        }
      }
      await session.commit();
    },
    abort: () => session.abort(),
  };
}

function pgRestoreSink(url: string): DatabaseSink {
  let run: ReturnType<typeof pgRestore> | undefined;
  let finished = false;
  return {
    open(name) {
      if (name !== PG_DUMP_TABLE || finished) throw new BackupUnusable(`The backup's ${name} is out of place.`);
      run ??= pgRestore(url);
      return run.input;
    },
    async close() {},
    async commit() {
      if (!run) throw new BackupUnusable('The backup holds no database.');
      finished = true;
      run.input.end();
      await run.done;
    },
    async abort() {
      run?.input.destroy();
      await run?.done.catch(() => undefined);
    },
  };
}

/**
 * Restores an archive made by `writeBackup` into the database at `url` and the media folder,
 * reading it once, as a stream: the database in one transaction (or pg_restore's), committed only
 * once the archive's last entry has confirmed that nothing is missing; the media into a folder
 * beside the media folder, swapped in after the commit.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const extract = tar.extract();
  let reading: Promise<void> | undefined;
  let manifest: BackupManifest | undefined;
  let end: BackupEnd | undefined;
  let database: DatabaseSink | undefined;
  let current: { table: string; stream: Writable } | undefined;
  const mediaDir = target.media?.kind === 'dir' ? target.media.dir : undefined;
  const staging = mediaDir ? `${mediaDir}.restoring-${process.pid}` : undefined;
  try {
    if (staging) {
      await fs.rm(staging, { recursive: true, force: true });
      await fs.mkdir(staging, { recursive: true });
    }
    // The entries are read from here on, with no wait between: tar-stream hands an entry to its
    // iterator only if the iterator exists when the entry is parsed.
    const entries = (extract as unknown as AsyncIterable<TarEntry>)[Symbol.asyncIterator]();
    reading = pipeline(createReadStream(file), zlib.createGunzip(), extract);
    reading.catch(() => undefined);
    for await (const entry of { [Symbol.asyncIterator]: () => entries }) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST_ENTRY) throw new BackupUnusable('This file is not a backup of the portal.');
        manifest = parse(manifestSchema, await readAll(entry), 'The manifest');
        database = await openDatabaseSink(manifest, target.databaseUrl);
        continue;
      }
      if (end) throw new BackupUnusable('The backup has entries after its end.');
      const table = /^database\/([^/]+)\/\d{6}\.(copy|custom)$/.exec(name)?.[1];
      if (table !== undefined) {
        if (current?.table !== table) {
          await database!.close();
          current = { table, stream: database!.open(table) };
        }
        await writeAll(entry, current.stream);
        continue;
      }
      await database!.close();
      current = undefined;
      if (name.startsWith('media/')) {
        const key = name.slice('media/'.length);
        if (!isSafeKey(key)) throw new BackupUnusable(`The backup holds a media file it cannot restore: ${key}`);
        if (staging) {
          const destination = path.join(staging, key);
          await fs.mkdir(path.dirname(destination), { recursive: true });
          await pipeline(entry, createWriteStream(destination, { mode: 0o644 }));
        } else if (target.media?.kind === 'store') {
          // Media files are at most 20 MB (the upload limit).
          await target.media.store.put(key, await readAll(entry, 64 * 1024 * 1024), contentTypeOf(key));
        } else {
          for await (const chunk of entry) void chunk;
        }
      } else if (name === END_ENTRY) {
        end = parse(endSchema, await readAll(entry), 'The end');
      } else {
        throw new BackupUnusable(`The backup holds an unknown entry: ${name}`);
      }
    }
    await reading;
    if (!manifest || !database) throw new BackupUnusable('This file is not a backup of the portal.');
    if (!end) throw new BackupUnusable('The backup is incomplete: it was cut short.');
    await database.close();
    await database.commit(end);
    database = undefined;
    if (staging && mediaDir) await swapIn(staging, mediaDir);
    return { manifest, end };
  } catch (error) {
    extract.destroy();
    await database?.abort();
    if (staging) await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function openDatabaseSink(manifest: BackupManifest, url: string): Promise<DatabaseSink> {
  if (manifest.database.kind === 'logical') {
    return logicalSink(await beginRestore(url, manifest.database.header), manifest.database.header.tables);
  }
  const have = toolMajor('pg_restore');
  if (have === undefined || have < manifest.database.toolMajor) {
    throw new BackupUnusable(
      `The backup was made by pg_dump ${manifest.database.toolMajor}: restoring it needs pg_restore ${manifest.database.toolMajor} or newer on PATH${have === undefined ? '' : ` (found ${have})`}.`,
    );
  }
  return pgRestoreSink(url);
}

/** Puts the restored media in place of the media folder's; the old files go once the new are there. */
async function swapIn(staging: string, mediaDir: string): Promise<void> {
  const old = `${mediaDir}.replaced-${process.pid}`;
  await fs.rm(old, { recursive: true, force: true });
  await fs.rename(mediaDir, old).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await fs.rename(staging, mediaDir);
  await fs.rm(old, { recursive: true, force: true });
}
