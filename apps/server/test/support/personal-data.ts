import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';

type Rows<T> = { rows: T[] };

/**
 * Where any of `needles` (an email, a name, a phone number) still appears: every text-like column of
 * every table (text, varchar, JSON, arrays, search vectors), case-insensitively. Answers
 * `table.column` of each hit.
 */
export async function personalDataHits(db: Database, needles: string[]): Promise<string[]> {
  const columns = (
    (await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'tsvector')
      order by table_name, column_name`)) as unknown as Rows<{ table_name: string; column_name: string }>
  ).rows;
  const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const found = (await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike any(array[${sql.join(
        patterns.map((pattern) => sql`${pattern}`),
        sql`, `,
      )}])`,
    )) as unknown as Rows<{ n: number }>;
    if (found.rows[0]!.n > 0) hits.push(`${table}.${column}`);
  }
  return hits;
}

/** The tables whose foreign keys point at an account or a profile. */
export async function tablesReferringToPeople(db: Database): Promise<string[]> {
  const found = (await db.execute(sql`select distinct child.relname as name from pg_constraint c
    join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
    where c.contype = 'f' and parent.relname in ('accounts', 'social_profiles', 'taberna_profiles')
    order by 1`)) as unknown as Rows<{ name: string }>;
  return found.rows.map((row) => row.name);
}
