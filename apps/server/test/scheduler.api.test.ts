import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createScheduler } from '../src/core/scheduler.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { openTestDatabase } from './support/test-database.js';

const log = { debug: () => undefined, error: () => undefined } as never;
let database: { handle: DatabaseHandle; drop(): Promise<void> };

beforeAll(async () => {
  database = await openTestDatabase();
  // On a server of TEST_DATABASE_URL the database starts empty (apps migrate it when they start).
  await runMigrations(database.handle);
});
afterAll(() => database.drop());

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
    const scheduler = createScheduler(database.handle, log);
    let runs = 0;
    scheduler.add({ name: 'tick', intervalMs: 20, run: async () => void (runs += 1) });
    scheduler.start();
    await vi.waitFor(() => expect(runs).toBeGreaterThan(1), { timeout: 10_000 });
    await scheduler.stop();
    const after = runs;
    // Ten intervals later, nothing more has run.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(after);
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
    const period = 300;
    const instances = [1, 2, 3].map((n) => createScheduler(database.handle, log, { intervalMs: period, instance: `test ${n}` }));
    let runs = 0;
    for (const scheduler of instances) {
      scheduler.add({ name: 'once-per-period', intervalMs: 60_000, run: async () => void (runs += 1) });
    }
    // Timers that fire at different moments, as on separate machines.
    for (const scheduler of instances) {
      scheduler.start();
      await new Promise((resolve) => setTimeout(resolve, period / 3));
    }
    const window = 3_000;
    await new Promise((resolve) => setTimeout(resolve, window));
    await Promise.all(instances.map((scheduler) => scheduler.stop()));
    // Without the shared record each of the three would run it every period (about 30 runs).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(Math.ceil((window + period) / (period * 0.8)));
    const record = await database.handle.db.execute(
      sql`select runs, last_run_by from scheduled_job_runs where name = 'once-per-period'`,
    );
    const row = (record as unknown as { rows: { runs: number; last_run_by: string }[] }).rows[0]!;
    expect(row.runs).toBe(runs);
    expect(row.last_run_by).toMatch(/^test [123]$/);
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
