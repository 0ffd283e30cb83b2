import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScheduler } from '../src/core/scheduler.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { openTestDatabase } from './support/test-database.js';

const log = { debug: () => undefined, error: () => undefined } as never;
let database: { handle: DatabaseHandle; drop(): Promise<void> };

beforeAll(async () => {
  database = await openTestDatabase();
  // Already migrated (a copy of the run's template): this checks the migrations have nothing left to do.
  await runMigrations(database.handle);
});
afterAll(() => database.drop());
afterEach(() => vi.useRealTimers());

/**
 * The test database, counting the scheduler's transactions (each run, or skipped run, is one) and
 * telling when none is in flight: with the timers faked, the test knows when a tick's work is done.
 */
function counted() {
  let started = 0;
  const inFlight = new Set<Promise<unknown>>();
  const db = new Proxy(database.handle.db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver) as unknown;
      return (...args: Parameters<typeof target.transaction>) => {
        started += 1;
        const transaction = target.transaction(...args);
        inFlight.add(transaction);
        void transaction.finally(() => inFlight.delete(transaction)).catch(() => undefined);
        return transaction;
      };
    },
  });
  return {
    handle: { ...database.handle, db },
    started: () => started,
    /** Waits until the transactions started so far have ended. */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

/** Moves a job's last run back by `ms`, as that much time passing does on the database's clock. */
const age = (name: string, ms: number) =>
  database.handle.db.execute(
    sql`update scheduled_job_runs set last_run_at = last_run_at - make_interval(secs => ${ms / 1000}) where name = ${name}`,
  );

describe('scheduler', () => {
  it('runs a job on demand and reports failures without throwing', async () => {
    const scheduler = createScheduler(database.handle, log);
    let runs = 0;
    scheduler.add({ name: 'count', intervalMs: 60_000, run: async () => void (runs += 1) });
    scheduler.add({ name: 'broken', intervalMs: 60_000, run: async () => Promise.reject(new Error('boom')) });
    expect(await scheduler.runNow('count')).toBe(true);
    expect(await scheduler.runNow('broken')).toBe(false);
    expect(runs).toBe(1);
    await expect(scheduler.runNow('missing')).rejects.toThrow('No job named missing');
    expect(() => scheduler.add({ name: 'count', intervalMs: 1, run: async () => {} })).toThrow('already scheduled');
  });

  it('runs scheduled jobs on their interval until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const db = counted();
    const scheduler = createScheduler(db.handle, log);
    let runs = 0;
    scheduler.add({ name: 'tick', intervalMs: 60_000, run: async () => void (runs += 1) });
    scheduler.add({ name: 'at-start', intervalMs: 60_000, atStart: true, run: async () => void (runs += 100) });
    scheduler.start();
    // A job marked atStart runs at once; the others wait for their period.
    await db.settled();
    expect(runs).toBe(100);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(db.started()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await db.settled();
    // The job that ran at start did so less than a period ago (on the database's clock): skipped.
    expect(runs).toBe(101);
    for (const name of ['tick', 'at-start']) await age(name, 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await db.settled();
    expect(runs).toBe(202);
    await scheduler.stop();
    const started = db.started();
    // Ten periods later, nothing more has even been tried.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(db.started()).toBe(started);
    expect(runs).toBe(202);
  });

  it('shares a run in flight: asked twice at once, a job runs once', async () => {
    const scheduler = createScheduler(database.handle, log);
    let runs = 0;
    let release: () => void = () => undefined;
    scheduler.add({
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    const both = Promise.all([scheduler.runNow('slow'), scheduler.runNow('slow')]);
    await vi.waitFor(() => expect(runs).toBe(1));
    release();
    expect(await both).toEqual([true, true]);
    expect(runs).toBe(1);
    // Once it has finished, the next request runs it again.
    const again = scheduler.runNow('slow');
    await vi.waitFor(() => expect(runs).toBe(2));
    release();
    expect(await again).toBe(true);
  });

  it('on PostgreSQL, two instances never run the same job at once', async () => {
    const first = createScheduler(database.handle, log);
    const second = createScheduler(database.handle, log);
    let active = 0;
    let overlapped = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const job = {
      name: 'exclusive',
      intervalMs: 60_000,
      run: async () => {
        active += 1;
        if (active > 1) overlapped = true;
        // Holds the lock until the other instance has given up (or, if both ran, for a while).
        await Promise.race([held, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        active -= 1;
      },
    };
    first.add(job);
    second.add(job);
    const runs = [first.runNow('exclusive'), second.runNow('exclusive')];
    expect(await Promise.race(runs)).toBe(false);
    release();
    const ran = await Promise.all(runs);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(overlapped).toBe(false);
  });
});

describe('scheduler across instances', () => {
  it('runs each job once per period however many instances have timers for it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const period = 60_000;
    const db = counted();
    const instances = [1, 2, 3].map((n) => createScheduler(db.handle, log, { intervalMs: period, instance: `test ${n}` }));
    let runs = 0;
    for (const scheduler of instances) {
      scheduler.add({ name: 'once-per-period', intervalMs: 1_000, run: async () => void (runs += 1) });
    }
    // Timers that fire at different moments, as on separate machines: a third of a period apart.
    for (const [n, scheduler] of instances.entries()) {
      if (n > 0) await vi.advanceTimersByTimeAsync(period / 3);
      scheduler.start();
    }
    // Each instance's timer fires once per period, so three tries a period; one of them runs the job.
    const periods = 4;
    for (let n = 0; n < periods; n++) {
      for (const _ of instances) {
        await vi.advanceTimersByTimeAsync(period / 3);
        await db.settled();
      }
      expect(runs).toBe(n + 1);
      await age('once-per-period', period);
    }
    expect(db.started()).toBe(periods * instances.length);
    await Promise.all(instances.map((scheduler) => scheduler.stop()));
    const record = await database.handle.db.execute(
      sql`select runs, last_run_by from scheduled_job_runs where name = 'once-per-period'`,
    );
    const row = (record as unknown as { rows: { runs: number; last_run_by: string }[] }).rows[0]!;
    expect(row.runs).toBe(periods);
    expect(row.last_run_by).toMatch(/^test [123]$/);
  });

  it('skips a timer run only within 80% of a period of the last run', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const db = counted();
    const scheduler = createScheduler(db.handle, log, { intervalMs: 100_000 });
    let runs = 0;
    scheduler.add({ name: 'four-fifths', intervalMs: 1_000, run: async () => void (runs += 1) });
    expect(await scheduler.runNow('four-fifths')).toBe(true);
    scheduler.start();
    // 70 s ago: still this period.
    await age('four-fifths', 70_000);
    await vi.advanceTimersByTimeAsync(100_000);
    await db.settled();
    expect(runs).toBe(1);
    // 70 + 11 s ago: past 80 s, so it runs.
    await age('four-fifths', 11_000);
    await vi.advanceTimersByTimeAsync(100_000);
    await db.settled();
    expect(runs).toBe(2);
    await scheduler.stop();
  });

  it('runs a job asked for on demand even when its period has not passed', async () => {
    const scheduler = createScheduler(database.handle, log, { intervalMs: 60_000 });
    let runs = 0;
    scheduler.add({ name: 'on-demand', intervalMs: 60_000, run: async () => void (runs += 1) });
    expect(await scheduler.runNow('on-demand')).toBe(true);
    expect(await scheduler.runNow('on-demand')).toBe(true);
    expect(runs).toBe(2);
  });
});
