import { createHash } from 'node:crypto';
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

/**
 * What every table holds (per table: its rows' count and a hash of them all, in a stable order),
 * sequences' values, and every media file's bytes: equal after a restore only if everything came back.
 */
export async function contentFingerprint(db: Database, mediaDir: string | undefined): Promise<Record<string, string>> {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ rows: number; hash: string }>(
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from "${name}" t`,
      ),
    );
    result[`table ${name}`] = `${row!.rows} rows ${row!.hash}`;
  }
  for (const { name, value } of await rowsOf<{ name: string; value: string | null }>(
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  )) {
    result[`sequence ${name}`] = String(value);
  }
  if (mediaDir) {
    const files = (await fs.readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
      entry.isFile(),
    );
    for (const file of files) {
      const full = path.join(file.parentPath, file.name);
      result[`media ${path.relative(mediaDir, full)}`] = createHash('sha256')
        .update(await fs.readFile(full))
        .digest('hex');
    }
  }
  return result;
}
