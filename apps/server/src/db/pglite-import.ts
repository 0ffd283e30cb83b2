import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from './migrate.js';

/** Rows read from the old database per statement. */
const BATCH = 500;

export interface ImportResult {
  tables: number;
  rows: number;
  backup: string;
}

/**
 * Moves the data of the embedded database of earlier versions (PGlite, `DATA_DIR/db`) into the
 * PostgreSQL database at `url`, which the current migrations have already been applied to.
 * Every row of every table in `public` is copied and every sequence set to where it was, in one
 * transaction; then the old folder is renamed `db.pglite-backup-<time>`. Without an old folder
 * nothing happens. A failed or interrupted import changes nothing and runs again on the next start.
 */
export async function importPgliteData(dataDir: string, url: string, log?: (message: string) => void) {
  const oldDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(oldDir, 'PG_VERSION'))) return undefined;
  log?.(`moving the data of the previous embedded database (${oldDir}) to PostgreSQL`);

  const [{ PGlite }, { pg_trgm }, { btree_gin }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // The extensions the migrations create.
  const source = await PGlite.create({ dataDir: oldDir, extensions: { pg_trgm, btree_gin } });
  const target = new pg.Client({ connectionString: url });
  target.on('error', () => undefined);
  let result: Omit<ImportResult, 'backup'>;
  try {
    // The old folder may predate the newest migrations: bring it to the same schema first.
    await migrate(drizzle({ client: source }), { migrationsFolder: MIGRATIONS_DIR });
    await target.connect();
    result = await copyAll(source, target);
  } finally {
    await target.end().catch(() => undefined);
    await source.close();
  }
  const backup = path.join(dataDir, `db.pglite-backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  fs.renameSync(oldDir, backup);
  log?.(`moved ${result.rows} rows of ${result.tables} tables; the old folder is kept as ${backup}`);
  return { ...result, backup };
}

type Source = { query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }> };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function copyAll(source: Source, target: pg.Client): Promise<Omit<ImportResult, 'backup'>> {
  const { rows: tables } = await source.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  let copied = 0;
  await target.query('begin');
  try {
    // As the superuser: foreign keys and triggers are not checked while rows arrive in any order.
    await target.query('set local session_replication_role = replica');
    if (tables.length > 0) await target.query(`truncate ${tables.map((table) => quote(table.name)).join(', ')}`);
    for (const { name } of tables) {
      // Stored generated columns are computed again by the target.
      const { rows: columns } = await target.query<{ name: string }>(
        `select attname as name from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`,
        [`public.${quote(name)}`],
      );
      const list = columns.map((column) => quote(column.name)).join(', ');
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await source.query<{ batch: unknown[] | null }>(
          `select json_agg(t) as batch from (select ${list} from public.${quote(name)} order by ctid limit ${BATCH} offset ${offset}) t`,
        );
        const batch = rows[0]?.batch;
        if (!batch || batch.length === 0) break;
        await target.query(
          `insert into public.${quote(name)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::public.${quote(name)}, $1::json)`,
          [JSON.stringify(batch)],
        );
        copied += batch.length;
        if (batch.length < BATCH) break;
      }
    }
    const { rows: sequences } = await source.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = 'public'`,
    );
    for (const sequence of sequences) {
      const qualified = `${quote(sequence.schema)}.${quote(sequence.name)}`;
      const { rows } = await source.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${qualified}`,
      );
      await target.query('select setval($1::regclass, $2::bigint, $3)', [qualified, rows[0]!.last_value, rows[0]!.is_called]);
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  }
  return { tables: tables.length, rows: copied };
}
