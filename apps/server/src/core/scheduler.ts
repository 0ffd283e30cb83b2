import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

export interface ScheduledJob {
  /** Stable name; on PostgreSQL it also names the advisory lock that keeps the job to one instance. */
  name: string;
  intervalMs: number;
  /** Also run once as soon as the scheduler starts (work a crash may have left behind). */
  atStart?: boolean;
  run(): Promise<void>;
}

export interface Scheduler {
  add(job: ScheduledJob): void;
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
 * In-process jobs (trends, stale carts, generated media). With PostgreSQL, several instances share
 * the work: each run takes a transaction-level advisory lock, and an instance that finds it taken
 * skips that run.
 */
export function createScheduler(database: DatabaseHandle, log: FastifyBaseLogger): Scheduler {
  const jobs = new Map<string, ScheduledJob>();
  const timers: NodeJS.Timeout[] = [];
  /** The run in flight of each job: one at a time per instance, however it was started. */
  const running = new Map<string, Promise<boolean>>();

  async function execute(job: ScheduledJob): Promise<boolean> {
    const started = Date.now();
    try {
      const ran = await database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
        const row = (result as unknown as { rows: { locked: boolean }[] }).rows[0];
        if (!row?.locked) return false;
        await job.run();
        return true;
      });
      if (!ran) return false;
      log.debug({ job: job.name, ms: Date.now() - started }, 'scheduled job done');
      return true;
    } catch (error) {
      log.error({ err: error, job: job.name }, 'scheduled job failed');
      return false;
    }
  }

  function run(job: ScheduledJob): Promise<boolean> {
    const current = running.get(job.name);
    if (current) return current;
    const started = execute(job).finally(() => running.delete(job.name));
    running.set(job.name, started);
    return started;
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`Job ${job.name} is already scheduled`);
      jobs.set(job.name, job);
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`No job named ${name}`);
      return run(job);
    },
    start() {
      for (const job of jobs.values()) {
        if (job.atStart) void run(job);
        const timer = setInterval(() => void run(job), job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}
