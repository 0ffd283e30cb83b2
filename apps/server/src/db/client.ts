import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query' | 'transaction'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database as one file (PGlite only). */
  dump?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throw-away one (tests). */
  pgliteDir: string;
  /** A dump of an embedded database to start from (tests start from a migrated template). */
  pgliteTemplate?: Blob;
  poolSize?: number;
  /** Called with the SQL of every statement run through Drizzle (tests count queries with it). */
  onQuery?: (sql: string) => void;
}

function queryLogger(onQuery: DatabaseOptions['onQuery']) {
  return onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onQuery);
  return openPglite(options.pgliteDir, options.pgliteTemplate, options.onQuery);
}

async function openPostgres(url: string, max: number, onQuery?: DatabaseOptions['onQuery']): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, logger: queryLogger(onQuery) }) as unknown as Database;
  await pool.query('select 1');
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, template?: Blob, onQuery?: DatabaseOptions['onQuery']): Promise<DatabaseHandle> {
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) await fs.mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  const db = drizzlePglite({ client, schema, logger: queryLogger(onQuery) }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none') as Promise<Blob>,
  };
}
