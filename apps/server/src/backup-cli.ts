import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './core/config.js';
import { createBackupService } from './core/backup/backup.service.js';
import { BackupUnusable, readManifest, restoreBackup, type RestoreTarget } from './core/backup/restore-backup.js';
import { lockDataDir, processAlive } from './core/data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { RestoreRefused } from './db/logical-backup.js';
import { runMigrations } from './db/migrate.js';

export interface BackupCliIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks a question on the terminal; undefined when there is none to ask on. */
  ask?: ((question: string) => Promise<string>) | undefined;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `backup [file]`: one archive of the database and the media, while the portal runs or not. */
export async function backupCommand(
  config: Config,
  database: DatabaseHandle,
  file: string | undefined,
  io: BackupCliIo,
): Promise<number> {
  // The embedded database is saved the same way whichever way it was reached (its socket, or started here).
  const service = createBackupService({
    config,
    database: { ...database, embedded: !config.databaseUrl },
    log: quiet,
    ranBy: 'command line',
  });
  try {
    const made = await service.run('command', file);
    const rows = Object.values(made.end.tables).reduce((sum, count) => sum + count, 0);
    io.out(
      `Backup written to ${made.file} (${megabytes(made.bytes)}): ${made.method === 'pg_dump' ? 'the database by pg_dump' : `${rows} rows in ${Object.keys(made.end.tables).length} tables`}, ${made.end.mediaFiles} media files${made.uploadedTo ? `; copied to ${made.uploadedTo}` : ''}.`,
    );
    return 0;
  } catch (error) {
    io.err(`The backup failed: ${(error as Error).message}`);
    return 1;
  }
}

/** Stops the portal holding DATA_DIR's lock (SIGTERM, as Ctrl-C would) and waits until it has gone. */
async function stopRunningPortal(dataDir: string, io: BackupCliIo): Promise<boolean> {
  const pid = Number(fs.readFileSync(path.join(dataDir, 'portal.pid'), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return false;
  io.err(`Stopping the portal (pid ${pid})…`);
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 120_000;
  while (processAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return !processAlive(pid);
}

export interface RestoreOptions {
  yes: boolean;
  stop: boolean;
  force: boolean;
}

/**
 * `restore <file> [--yes] [--stop] [--force]`: the backup replaces the database and the media. The
 * embedded database is restored only while no portal runs on DATA_DIR (`--stop` stops it first);
 * a DATABASE_URL one only while nothing else is connected to it (`--force` goes on anyway).
 */
export async function restoreCommand(config: Config, file: string, options: RestoreOptions, io: BackupCliIo): Promise<number> {
  if (!fs.existsSync(file)) {
    io.err(`No such file: ${file}`);
    return 1;
  }
  let manifest;
  try {
    manifest = await readManifest(file);
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (!options.stop) {
        io.err(`${(error as Error).message.split('.')[0]}. Stop it first, or add --stop to stop it for the restore.`);
        return 1;
      }
      if (!(await stopRunningPortal(config.dataDir, io))) {
        io.err('The portal did not stop; nothing was restored.');
        return 1;
      }
      unlock = lockDataDir(config.dataDir);
    }
  }
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedAccount: config.embeddedPostgresUser,
      poolSize: 1,
    });
    if (config.databaseUrl && !options.force) {
      const others = await database.db.execute(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()' as never,
      );
      const count = (others as unknown as { rows: { n: number }[] }).rows[0]!.n;
      if (count > 0) {
        io.err(`${count} other connection(s) to the database: stop every portal instance first (or add --force).`);
        return 1;
      }
    }
    const media: RestoreTarget['media'] =
      manifest.media.kind !== 'disk'
        ? undefined
        : config.media.kind === 'disk'
          ? { kind: 'dir', dir: path.join(config.dataDir, 'media') }
          : {
              kind: 'store',
              store: (await import('./core/media/s3-media-storage.js')).createS3MediaStorage(config.media, config.publicUrl),
            };
    const where = config.databaseUrl ? 'the database of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    const mediaWhere =
      media?.kind === 'dir'
        ? ` and the media in ${media.dir}`
        : media
          ? ` and puts its media in the bucket ${config.media.kind === 's3' ? config.media.bucket : ''}`
          : '';
    io.out(`Backup made ${manifest.createdAt}. Restoring it replaces everything in ${where}${mediaWhere}.`);
    if (!options.yes) {
      const answer = io.ask ? await io.ask('Type yes to go on: ') : undefined;
      if (answer === undefined) {
        io.err('Nothing to ask on: add --yes to restore without a question.');
        return 1;
      }
      if (answer.trim().toLowerCase() !== 'yes') {
        io.err('Nothing was restored.');
        return 1;
      }
    }
    const restored = await restoreBackup(file, { databaseUrl: database.url, media });
    // A backup of an earlier version comes up to this version's migrations.
    await runMigrations(database);
    const rows = Object.values(restored.end.tables).reduce((sum, count) => sum + count, 0);
    io.out(
      `Restored ${manifest.database.kind === 'pg_dump' ? 'the database (pg_restore)' : `${rows} rows in ${Object.keys(restored.end.tables).length} tables`} and ${restored.end.mediaFiles} media files.${options.stop ? ' Start the portal again: npm start.' : ''}`,
    );
    if (manifest.media.kind === 's3')
      io.out(`Its media were not in the backup: they stay in the bucket ${manifest.media.bucket}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupUnusable || error instanceof RestoreRefused) {
      io.err(`${error.message} Nothing was restored.`);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
    unlock();
  }
}
