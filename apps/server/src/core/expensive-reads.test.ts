import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { Unavailable } from './domain-errors.js';
import { BUSY_MESSAGE, createExpensiveReads, SLOW_MESSAGE } from './expensive-reads.js';

/** A database whose transactions run their work at once, recording what each was set up with. */
function fakeDatabase() {
  const settings: string[] = [];
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) =>
      work({
        execute: async (statement: { queryChunks: { value: string[] }[] }) => {
          settings.push(statement.queryChunks.map((chunk) => chunk.value.join('')).join(''));
        },
      }),
  } as unknown as Database;
  return { db, settings };
}

/** A read that runs until released. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done, release };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Unavailable);
  return error as Unavailable;
};

describe('expensive reads', () => {
  it('runs each read in a transaction with its statement timeout and the search thresholds', async () => {
    const { db, settings } = fakeDatabase();
    const reads = createExpensiveReads(db, { concurrency: 2, queueWaitMs: 0, timeoutMs: 1500 });
    expect(await reads.run(async () => 'answer')).toBe('answer');
    expect(settings[0]).toContain('set local statement_timeout = 1500');
    expect(settings[0]).toContain('set local pg_trgm.word_similarity_threshold = 0.4');
    expect(reads.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once, with a Retry-After, a read past the limit when none may wait', async () => {
    const { db } = fakeDatabase();
    const reads = createExpensiveReads(db, { concurrency: 2, queueWaitMs: 0, timeoutMs: 1000 });
    const [a, b] = [held(), held()];
    const running = [reads.run(a.work), reads.run(b.work)];
    await Promise.resolve();
    const started = Date.now();
    const error = await refusal(reads.run(async () => 'never'));
    expect(Date.now() - started).toBeLessThan(50);
    expect(error.message).toBe(BUSY_MESSAGE);
    expect(error.retryAfterSeconds).toBe(1);
    a.release();
    b.release();
    await Promise.all(running);
    expect(await reads.run(async () => 'after')).toBe('after');
  });

  it('lets a read wait its turn up to the queue wait, first come first served, then refuses it', async () => {
    const { db } = fakeDatabase();
    const reads = createExpensiveReads(db, { concurrency: 1, queueWaitMs: 200, timeoutMs: 1000 });
    const first = held();
    const running = reads.run(first.work);
    const order: string[] = [];
    const second = reads.run(async () => void order.push('second'));
    const third = reads.run(async () => void order.push('third'));
    expect(reads.load).toEqual({ running: 1, waiting: 2 });
    first.release();
    await Promise.all([running, second, third]);
    expect(order).toEqual(['second', 'third']);

    const blocking = held();
    const busy = reads.run(blocking.work);
    const started = Date.now();
    await refusal(reads.run(async () => 'late'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(reads.load).toEqual({ running: 1, waiting: 0 });
    blocking.release();
    await busy;
  });

  it('refuses at once when as many reads wait as the queue holds', async () => {
    const { db } = fakeDatabase();
    const reads = createExpensiveReads(db, { concurrency: 1, queueWaitMs: 60_000, timeoutMs: 1000 });
    const blocking = held();
    const runs = [reads.run(blocking.work), ...Array.from({ length: 4 }, () => reads.run(async () => undefined))];
    expect(reads.load.waiting).toBe(4);
    await refusal(reads.run(async () => undefined));
    blocking.release();
    await Promise.all(runs);
  });

  it('answers a statement that ran past the timeout as unavailable, with a Retry-After, and frees its slot', async () => {
    const { db } = fakeDatabase();
    const reads = createExpensiveReads(db, { concurrency: 1, queueWaitMs: 0, timeoutMs: 1000 });
    const timedOut = Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('canceling statement'), { code: '57014' }),
    });
    const error = await refusal(reads.run(() => Promise.reject(timedOut)));
    expect(error.message).toBe(SLOW_MESSAGE);
    expect(error.retryAfterSeconds).toBe(5);
    await expect(reads.run(() => Promise.reject(new Error('other')))).rejects.toThrow('other');
    expect(reads.load).toEqual({ running: 0, waiting: 0 });
  });
});
