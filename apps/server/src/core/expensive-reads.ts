import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { Unavailable } from './domain-errors.js';

/** The settings (EXPENSIVE_READ_*): how many at once, how long one may wait for its turn, how long a statement may run. */
export interface ExpensiveReadLimits {
  concurrency: number;
  /** 0: refused at once when every slot is taken. */
  queueWaitMs: number;
  timeoutMs: number;
}

/**
 * The trigram thresholds the search repositories' operators rely on (`%`, `<%`, `<<%` on trigram
 * indexes find candidates at least this close; each repository then checks its own, stricter or
 * equal, threshold with the functions): set for each expensive read's transaction.
 */
export const TRIGRAM_THRESHOLDS = { similarity: 0.3, wordSimilarity: 0.4, strictWordSimilarity: 0.5 } as const;

/** At most this many reads wait per slot; past that one is refused at once. */
const QUEUE_PER_SLOT = 4;
/** When a refused read may try again: a slot frees within the wait, usually. */
const BUSY_RETRY_SECONDS = 1;
const SLOW_RETRY_SECONDS = 5;

export const BUSY_MESSAGE = 'The portal is answering many searches right now. Try again in a moment.';
export const SLOW_MESSAGE = 'This search took too long. Try a more precise one, or try again in a moment.';

export interface ExpensiveReads {
  /**
   * Runs `work` as one expensive read: when a slot is free (else it waits its turn up to the queue
   * wait, else it is refused at once with 503 and `Retry-After`), in a transaction of the read's own
   * pool with its statement timeout and the search settings (a statement over the timeout is
   * answered 503 with `Retry-After` too). `work` gets the transaction: its repositories read there.
   */
  run<T>(work: (db: Executor) => Promise<T>): Promise<T>;
  /** Reads running and waiting now (tests, figures). */
  readonly load: { running: number; waiting: number };
}

const isStatementTimeout = (error: unknown) => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '57014') return true;
  return false;
};

/**
 * Issue 24, "nothing can starve the portal": searches and other reads whose cost grows with the
 * data run through this, on a pool of their own (`concurrency` connections), so a flood of them is
 * answered at once with 503 while the feed, the shop and the sockets keep their connections. A
 * route opts in by having its service run its reads here (see `post-lists.service.ts`).
 */
export function createExpensiveReads(db: Database, limits: ExpensiveReadLimits): ExpensiveReads {
  let running = 0;
  const waiting: { grant(): void }[] = [];
  const busy = () => new Unavailable(BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_SECONDS });
  const settings = sql.raw(
    [
      `set local statement_timeout = ${Math.round(limits.timeoutMs)}`,
      `set local pg_trgm.similarity_threshold = ${TRIGRAM_THRESHOLDS.similarity}`,
      `set local pg_trgm.word_similarity_threshold = ${TRIGRAM_THRESHOLDS.wordSimilarity}`,
      `set local pg_trgm.strict_word_similarity_threshold = ${TRIGRAM_THRESHOLDS.strictWordSimilarity}`,
    ].join('; '),
  );

  function acquire(): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return Promise.resolve();
    }
    if (limits.queueWaitMs === 0 || waiting.length >= limits.concurrency * QUEUE_PER_SLOT) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(busy());
      }, limits.queueWaitMs);
      waiting.push(entry);
    });
  }

  function release(): void {
    // The slot passes to the first in line, or frees.
    const next = waiting.shift();
    if (next) next.grant();
    else running -= 1;
  }

  return {
    async run(work) {
      await acquire();
      try {
        return await db.transaction(async (tx) => {
          await tx.execute(settings);
          return work(tx);
        });
      } catch (error) {
        if (isStatementTimeout(error)) throw new Unavailable(SLOW_MESSAGE, { retryAfterSeconds: SLOW_RETRY_SECONDS });
        throw error;
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
