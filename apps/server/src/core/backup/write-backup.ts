import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar, { type Pack } from 'tar-stream';
import { openDumpSnapshot } from '../../db/logical-backup.js';
import { pgDump, serverMajor, toolMajor } from '../../db/pg-dump.js';
import { isSafeKey } from '../media/media-storage.js';
import { END_ENTRY, MANIFEST_ENTRY, PG_DUMP_TABLE, type BackupEnd, type BackupManifest } from './backup-manifest.js';
import { addChunked, addEntry, addFile } from './tar-entries.js';

export interface BackupSource {
  /** The database to back up. */
  databaseUrl: string;
  /** Whether PostgreSQL's pg_dump may be used when a compatible one is on PATH (DATABASE_URL servers). */
  allowPgDump: boolean;
  /** `DATA_DIR/media` when media are on disk; the bucket's name when they are on S3 (not copied). */
  media: { kind: 'disk'; dir: string } | { kind: 's3'; bucket: string };
}

export interface BackupResult {
  file: string;
  bytes: number;
  end: BackupEnd;
  /** How the database was saved. */
  method: 'logical' | 'pg_dump';
}

/** Every media file under `dir` as a key (`social/avatars/a.webp`), leaving out unfinished writes. */
async function mediaKeys(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => isSafeKey(key) && !key.endsWith('.tmp'))
    .sort();
}

async function addDatabase(pack: Pack, source: BackupSource, createdAt: Date, media: BackupManifest['media']) {
  const tables: Record<string, number> = {};
  const snapshot = await openDumpSnapshot(source.databaseUrl);
  try {
    const major = serverMajor(snapshot.header.serverVersion);
    const tool = source.allowPgDump ? toolMajor('pg_dump') : undefined;
    if (tool !== undefined && tool >= major) {
      // A server pg_dump can read: PostgreSQL's own format, its own consistent snapshot.
      await snapshot.close();
      const manifest: BackupManifest = {
        format: 'portal-backup',
        version: 1,
        createdAt: createdAt.toISOString(),
        database: { kind: 'pg_dump', toolMajor: tool, serverVersion: snapshot.header.serverVersion },
        media,
      };
      await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
      const dump = pgDump(source.databaseUrl);
      await Promise.all([addChunked(pack, PG_DUMP_TABLE, dump.output), dump.done]);
      return { tables, method: 'pg_dump' as const };
    }
    const manifest: BackupManifest = {
      format: 'portal-backup',
      version: 1,
      createdAt: createdAt.toISOString(),
      database: { kind: 'logical', header: snapshot.header },
      media,
    };
    await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
    for (const table of snapshot.header.tables) {
      const rows = snapshot.rows(table);
      await addChunked(pack, table.name, rows);
      tables[table.name] = rows.rowCount;
    }
    return { tables, method: 'logical' as const };
  } finally {
    await snapshot.close();
  }
}

/**
 * Writes one backup archive (backup-manifest.ts) to `file`, streamed through gzip, while the portal
 * runs: the database from one snapshot, then the media files. Written as `<file>.partial` and
 * renamed once complete and on disk, so a backup file is never half a backup.
 */
export async function writeBackup(source: BackupSource, file: string, createdAt = new Date()): Promise<BackupResult> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip({ level: 6 }), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // Reported by the steps below when they fail first.
  written.catch(() => undefined);
  try {
    const media: BackupManifest['media'] =
      source.media.kind === 'disk' ? { kind: 'disk' } : { kind: 's3', bucket: source.media.bucket };
    const { tables, method } = await addDatabase(pack, source, createdAt, media);
    let mediaFiles = 0;
    let mediaBytes = 0;
    if (source.media.kind === 'disk') {
      for (const key of await mediaKeys(source.media.dir)) {
        // A file deleted since the listing is left out (its row is gone from a later snapshot too).
        const handle = await fs.open(path.join(source.media.dir, key), 'r').catch(() => undefined);
        if (!handle) continue;
        try {
          mediaBytes += await addFile(pack, `media/${key}`, handle, (await handle.stat()).mtime);
          mediaFiles += 1;
        } finally {
          await handle.close();
        }
      }
    }
    const end: BackupEnd = { tables, mediaFiles, mediaBytes };
    await addEntry(pack, END_ENTRY, Buffer.from(JSON.stringify(end)));
    pack.finalize();
    await written;
    const handle = await fs.open(partial, 'r');
    await handle.sync();
    await handle.close();
    await fs.rename(partial, file);
    const { size } = await fs.stat(file);
    return { file, bytes: size, end, method };
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    await fs.rm(partial, { force: true });
    throw error;
  }
}
