import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** A list of texts as one `text[]` parameter (drizzle spreads a plain array into a list of parameters). */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((value) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** A random element of a `text[]` parameter, drawn per row; `skew` above 1 favours the first ones. */
export function pick(values: readonly string[], skew = 1): SQL {
  const weight = skew === 1 ? sql`random()` : sql`power(random(), ${skew})`;
  return sql`(${textArray(values)})[1 + floor(${weight} * ${values.length})::int]`;
}

/** Ids for rows about to be inserted, taken from the table's own identity sequence (inserted with `overriding system value`). */
export const nextId = (table: string) => sql.raw(`nextval(pg_get_serial_sequence('${table}', 'id'))::int`);

/** Runs the statements one after the other. */
export async function run(db: Executor, statements: SQL[]): Promise<void> {
  for (const statement of statements) await db.execute(statement);
}

/** The rows a statement answers (drizzle's node-postgres result). */
export async function rows<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs a bulk load with the tables' secondary indexes dropped, then builds them again from their
 * own definitions (`pg_indexes`): one sorted build is several times faster than inserting row by
 * row into a B-tree or GIN index. Indexes behind a constraint (primary keys, unique constraints)
 * stay. Inside the caller's transaction, so a failure leaves every index as it was.
 */
export async function withIndexesRebuilt(db: Executor, tables: readonly string[], load: () => Promise<void>): Promise<void> {
  const indexes = await rows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition
        from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any(${textArray(tables)})
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  await load();
  await db.execute(sql.raw(`set local maintenance_work_mem = '512MB'`));
  for (const index of indexes) await db.execute(sql.raw(index.definition));
}

/**
 * Skips the foreign-key triggers for the rest of the transaction when the database allows it (a
 * superuser, as the embedded database's is): every generated reference is made from rows just
 * inserted, and checking each again row by row costs more than the inserts. Elsewhere the checks run.
 */
export async function skipReferenceChecks(db: Executor): Promise<boolean> {
  const [role] = await rows<{ superuser: boolean }>(
    db,
    sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
  );
  if (!role?.superuser) return false;
  await db.execute(sql.raw(`set local session_replication_role = replica`));
  return true;
}

/**
 * A UUID whose first 48 bits are the milliseconds of `at` (the rest a random version 4 UUID's):
 * rows written in time order land at the end of their primary key instead of all over it.
 */
export const timeUuid = (at: SQL) =>
  sql`(lpad(to_hex((extract(epoch from ${at}) * 1000)::bigint), 12, '0') || substr(replace(gen_random_uuid()::text, '-', ''), 13))::uuid`;
