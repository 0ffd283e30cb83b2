import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.js';

/** The rows of a hand-written statement (node-postgres answers them as `rows`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
