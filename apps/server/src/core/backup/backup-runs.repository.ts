import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { backupRuns } from '../../db/schema/index.js';

export interface BackupRunRecord {
  trigger: 'schedule' | 'command';
  status: 'ok' | 'failed';
  startedAt: Date;
  finishedAt: Date;
  file: string;
  bytes: number | null;
  uploadedTo: string;
  error: string;
  ranBy: string;
}

/** The record of backup runs: one row per run, written when it ends. */
export function createBackupRunsRepository(db: Executor) {
  return {
    async record(run: BackupRunRecord): Promise<void> {
      await db.insert(backupRuns).values(run);
    },

    /** The newest runs, newest first (the index on started_at). */
    async latest(limit: number) {
      return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);
    },

    /** The newest successful run, and the failed runs since `since`. */
    async summary(since: Date) {
      const result = await db.execute(sql`
        select
          (select row_to_json(r) from (
             select started_at, finished_at, file, bytes, uploaded_to from backup_runs
             where status = 'ok' order by started_at desc limit 1) r) as last_ok,
          (select count(*)::int from backup_runs where status = 'failed' and started_at >= ${since.toISOString()}) as failures`);
      return (
        result as unknown as {
          rows: {
            last_ok: { started_at: string; finished_at: string; file: string; bytes: number; uploaded_to: string } | null;
            failures: number;
          }[];
        }
      ).rows[0]!;
    },
  };
}
