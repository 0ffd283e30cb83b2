import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The last run of each scheduled job, shared by every instance: an instance whose timer fires
 * after another has already run the job in this period skips its turn, so a job runs once per
 * period however many instances there are.
 */
export const scheduledJobRuns = pgTable('scheduled_job_runs', {
  name: varchar({ length: 100 }).primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true, precision: 3 }).notNull(),
  /** Runs so far, all instances together (the cluster test counts them). */
  runs: integer().notNull().default(0),
  /** Which instance ran it last (host:port and process id), for operators reading the table. */
  lastRunBy: varchar('last_run_by', { length: 200 }).notNull().default(''),
});

/**
 * Every backup run (issue 26), scheduled or from the command line: the back office's overview
 * shows the last one, its size and the failures. Runs are few (one a day by default).
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** `schedule` or `command`. */
    trigger: varchar({ length: 20 }).notNull(),
    /** `running`, `ok` or `failed`. */
    status: varchar({ length: 20 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
    /** The archive's file name (in BACKUP_DIR, or where the command wrote it). */
    file: varchar({ length: 500 }).notNull().default(''),
    bytes: bigint({ mode: 'number' }),
    /** Where else it went (the S3 bucket's key), empty when nowhere. */
    uploadedTo: varchar('uploaded_to', { length: 500 }).notNull().default(''),
    error: varchar({ length: 2000 }).notNull().default(''),
    /** Which instance ran it (host:port and process id). */
    ranBy: varchar('ran_by', { length: 200 }).notNull().default(''),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
);
