import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

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
