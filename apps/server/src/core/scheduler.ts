import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

export interface ScheduledJob {
  /** Stable name; on PostgreSQL it also names the advisory lock that keeps the job to one instance. */
  name: string;
  /** Every so long (JOB_INTERVAL replaces it), or … */
  intervalMs?: number;
  /** … at the times of a cron pattern in local time (croner's syntax; JOB_INTERVAL leaves it alone). */
  cron?: string;
  /** Also run once as soon as the scheduler starts (work a crash may have left behind). */
  atStart?: boolean;
  run(): Promise<void>;
}

export interface Scheduler {
  add(job: ScheduledJob): void;
  /** When a cron job runs next (undefined for interval jobs, or before `start`). */
  nextRun(name: string): Date | undefined;
  /**
   * Runs a job now (tests, and jobs recomputed on demand). While a run of the job is in flight,
   * callers share it instead of starting another.
   */
  runNow(name: string): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
}

/** A 32-bit key per job name, so each job has its own advisory lock. */
function lockKey(name: string): number {
  let hash = 0x728_5010;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

/**
 * In-process jobs (trends, stale carts, generated media). Several instances share the work: each
 * run takes a transaction-level advisory lock (an instance that finds it taken skips that run), and
 * `scheduled_job_runs` records the last run, so each job runs once per period across the instances.
 */
export interface SchedulerOptions {
  /** JOB_INTERVAL: one period for every job instead of each job's own (the cluster test shortens them). */
  intervalMs?: number | undefined;
  /** Written with each run so operators can tell which instance ran a job. */
  instance?: string;
  /** Told of every timer or on-demand run: done, failed, or skipped (another instance had it). */
  onRun?: (job: string, result: 'ok' | 'failed' | 'skipped', seconds: number) => void;
}

/** A timer run is skipped when another instance ran the job less than this share of a period ago. */
const SAME_PERIOD = 0.8;

export function createScheduler(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  { intervalMs: intervalOverride, instance = `pid ${process.pid}`, onRun = () => undefined }: SchedulerOptions = {},
): Scheduler {
  const jobs = new Map<string, ScheduledJob>();
  const period = (job: ScheduledJob) => intervalOverride ?? job.intervalMs ?? 60_000;
  const timers: NodeJS.Timeout[] = [];
  const crons = new Map<string, Cron>();
  /** The run in flight of each job: one at a time per instance, however it was started. */
  const running = new Map<string, Promise<boolean>>();

  /**
   * Runs the job under its advisory lock. A timer run (`onTimer`) also checks the shared record of
   * runs and skips when another instance already ran the job in this period: the lock alone only
   * keeps runs apart in time, and instances' timers fire at different moments.
   */
  async function execute(job: ScheduledJob, onTimer: boolean, periodMs: number): Promise<boolean> {
    const started = Date.now();
    try {
      const ran = await database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
        const row = (result as unknown as { rows: { locked: boolean }[] }).rows[0];
        if (!row?.locked) return false;
        if (onTimer) {
          const last = await tx.execute(
            sql`select extract(epoch from (clock_timestamp() - last_run_at)) * 1000 as ago from scheduled_job_runs where name = ${job.name}`,
          );
          const ago = (last as unknown as { rows: { ago: string | number }[] }).rows[0]?.ago;
          if (ago !== undefined && Number(ago) < periodMs * SAME_PERIOD) return false;
        }
        await job.run();
        await tx.execute(
          sql`insert into scheduled_job_runs (name, last_run_at, runs, last_run_by) values (${job.name}, clock_timestamp(), 1, ${instance})
              on conflict (name) do update set last_run_at = excluded.last_run_at, runs = scheduled_job_runs.runs + 1, last_run_by = excluded.last_run_by`,
        );
        return true;
      });
      const seconds = (Date.now() - started) / 1000;
      onRun(job.name, ran ? 'ok' : 'skipped', seconds);
      if (!ran) return false;
      log.debug({ job: job.name, ms: Date.now() - started }, 'scheduled job done');
      return true;
    } catch (error) {
      onRun(job.name, 'failed', (Date.now() - started) / 1000);
      log.error({ err: error, job: job.name }, 'scheduled job failed');
      return false;
    }
  }

  function run(job: ScheduledJob, onTimer = false, periodMs = period(job)): Promise<boolean> {
    const current = running.get(job.name);
    if (current) return current;
    const started = execute(job, onTimer, periodMs).finally(() => running.delete(job.name));
    running.set(job.name, started);
    return started;
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`Job ${job.name} is already scheduled`);
      if ((job.intervalMs === undefined) === (job.cron === undefined))
        throw new Error(`Job ${job.name} needs an interval or a cron pattern`);
      jobs.set(job.name, job);
    },
    nextRun(name) {
      return crons.get(name)?.nextRun() ?? undefined;
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      return run(job);
    },
    start() {
      for (const job of jobs.values()) {
        // A run at start is recovery work (what a crash may have left): it does not wait for its period.
        if (job.atStart) void run(job);
        if (job.cron) {
          // Every instance fires at the same times: the one that takes the lock runs, and an instance
          // firing late skips, since the job ran less than a period (to the next time) ago.
          const cron: Cron = new Cron(job.cron, { unref: true }, () => {
            const now = Date.now();
            const next = cron.nextRun()?.getTime() ?? now + 60_000;
            void run(job, true, Math.max(1_000, next - now));
          });
          crons.set(job.name, cron);
          continue;
        }
        const timer = setInterval(() => void run(job, true), period(job));
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      for (const cron of crons.values()) cron.stop();
      crons.clear();
      await Promise.allSettled([...running.values()]);
    },
  };
}
