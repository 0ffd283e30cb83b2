import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';

/**
 * A fingerprint of every table of the app's schema (and the file names under media/), to show that
 * a refused request changed nothing: per table its row count and newest row version (`xmin`, the
 * id of the transaction that wrote it). An insert or update makes a row version newer than all
 * others, a delete lowers the count, so any committed write changes the fingerprint.
 */
export async function createFingerprint(db: Database, dataDir: string) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const query = tables
    .map(
      ({ name }) =>
        `select '${name}' as name, count(*)::int as rows, coalesce(max(xmin::text::bigint), 0)::text as newest from "${name}"`,
    )
    .join(' union all ');
  return async function fingerprint(): Promise<string> {
    const result = await rowsOf<{ name: string; rows: number; newest: string }>(sql.raw(query));
    const files = await fs.readdir(path.join(dataDir, 'media'), { recursive: true }).catch(() => [] as string[]);
    return [...result.map((row) => `${row.name}:${row.rows}:${row.newest}`), ...[...files].sort()].join('\n');
  };
}

/** Row counts of the main tables, for reports. */
export function describeDifference(before: string, after: string): string {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((line) => !old.has(line))
    .map((line) => line.split(':').slice(0, 2).join(' rows='))
    .join(', ');
}
