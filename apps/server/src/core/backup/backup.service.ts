import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import type { PortalMetrics } from '../metrics/metrics.js';
import type { Scheduler } from '../scheduler.js';
import { backupFileDate, backupFileName } from './backup-manifest.js';
import { createBackupRunsRepository } from './backup-runs.repository.js';
import { backupsToDelete } from './retention.js';
import { createS3BackupCopies, type BackupCopies } from './s3-backup-copies.js';
import type { BackupResult } from './write-backup.js';

export const BACKUP_JOB = 'backup';

export interface BackupServiceDeps {
  config: Pick<Config, 'dataDir' | 'media' | 'backups'>;
  database: Pick<DatabaseHandle, 'db' | 'url' | 'embedded'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  metrics?: Pick<PortalMetrics, 'backup'> | undefined;
  /** Who runs it (host:port and pid, or "command line"), recorded with each run. */
  ranBy: string;
}

export type BackupOutcome = BackupResult & { uploadedTo: string };

/**
 * Backups of the running portal (issue 26): one archive of the database and the media
 * (write-backup.ts), copied to the media's S3 bucket when they live there, each run recorded in
 * `backup_runs` (the back office shows the last one) and counted in the metrics. Scheduled runs
 * then let old backups go as BACKUP_KEEP says, in BACKUP_DIR and in the bucket.
 */
export function createBackupService({ config, database, log, metrics, ranBy }: BackupServiceDeps) {
  const runs = createBackupRunsRepository(database.db);
  let copies: Promise<BackupCopies> | undefined;
  const bucketCopies = () => (config.media.kind === 's3' ? (copies ??= createS3BackupCopies(config.media)) : undefined);

  async function prune(): Promise<void> {
    const names = await fs.readdir(config.backups.dir).catch(() => [] as string[]);
    const dated = (list: string[]) =>
      list.flatMap((name) => {
        const date = backupFileDate(name);
        return date ? [{ name, date }] : [];
      });
    for (const old of backupsToDelete(dated(names), config.backups.keep)) {
      await fs.rm(path.join(config.backups.dir, old.name), { force: true });
      log.info({ file: old.name }, 'backup let go (BACKUP_KEEP)');
    }
    const bucket = bucketCopies();
    if (bucket) {
      const store = await bucket;
      for (const old of backupsToDelete(dated(await store.list()), config.backups.keep)) await store.delete(old.name);
    }
  }

  /** Makes one backup; `file` defaults to a new dated file in BACKUP_DIR. Throws when it fails (after recording it). */
  async function run(trigger: 'schedule' | 'command', file?: string): Promise<BackupOutcome> {
    const startedAt = new Date();
    const target = path.resolve(file ?? path.join(config.backups.dir, backupFileName(startedAt)));
    try {
      // The writer (tar-stream, pg-copy-streams) loads with the first backup, not at start-up (issue 24).
      const { writeBackup } = await import('./write-backup.js');
      const result = await writeBackup(
        {
          databaseUrl: database.url,
          allowPgDump: !database.embedded,
          media:
            config.media.kind === 'disk'
              ? { kind: 'disk', dir: path.join(config.dataDir, 'media') }
              : { kind: 's3', bucket: config.media.bucket },
        },
        target,
        startedAt,
      );
      const bucket = bucketCopies();
      const uploadedTo = bucket
        ? `s3://${config.media.kind === 's3' ? config.media.bucket : ''}/${await (await bucket).upload(target)}`
        : '';
      await runs.record({
        trigger,
        status: 'ok',
        startedAt,
        finishedAt: new Date(),
        file: target,
        bytes: result.bytes,
        uploadedTo,
        error: '',
        ranBy,
      });
      metrics?.backup('ok');
      log.info({ file: target, bytes: result.bytes, method: result.method, uploadedTo, trigger }, 'backup written');
      if (trigger === 'schedule') {
        await prune().catch((error: unknown) => log.warn({ err: error }, 'could not let old backups go'));
      }
      return { ...result, uploadedTo };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await runs
        .record({
          trigger,
          status: 'failed',
          startedAt,
          finishedAt: new Date(),
          file: target,
          bytes: null,
          uploadedTo: '',
          error: message.slice(0, 2000),
          ranBy,
        })
        .catch(() => undefined);
      metrics?.backup('failed');
      log.error({ err: error, file: target, trigger }, 'backup failed');
      throw error;
    }
  }

  return { run, prune };
}

export type BackupService = ReturnType<typeof createBackupService>;

/** Puts the scheduled backup on the scheduler (BACKUP_SCHEDULE), unless it is `off`. */
export function scheduleBackups(scheduler: Scheduler, service: BackupService, schedule: string | undefined): void {
  if (!schedule) return;
  scheduler.add({ name: BACKUP_JOB, cron: schedule, run: async () => void (await service.run('schedule')) });
}
