import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../src/core/scheduler.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { openTestDatabase } from './support/test-database.js';

const log = { debug: () => undefined, error: () => undefined } as never;
let database: { handle: DatabaseHandle; drop(): Promise<void> };

beforeAll(async () => {
  database = await openTestDatabase();
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
    await new Promise((resolve) => setTimeout(resolve, 150));
    await scheduler.stop();
    const after = runs;
    expect(after).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(after);
  });

  it('on PostgreSQL, two instances never run the same job at once', async () => {
    const first = createScheduler(database.handle, log);
    const second = createScheduler(database.handle, log);
    let active = 0;
    let overlapped = false;
    const job = {
      name: 'exclusive',
      intervalMs: 60_000,
      run: async () => {
        active += 1;
        if (active > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 100));
        active -= 1;
      },
    };
    first.add(job);
    second.add(job);
    const ran = await Promise.all([first.runNow('exclusive'), second.runNow('exclusive')]);
    if (database.handle.kind === 'postgres') {
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(overlapped).toBe(false);
    } else {
      // One embedded database means one process: both calls run, one after the other.
      expect(ran).toEqual([true, true]);
    }
  });
});
