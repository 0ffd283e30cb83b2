import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';
import { runMigrations } from './migrate.js';
import { importPgliteData } from './pglite-import.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query' | 'transaction'>;

export interface DatabaseHandle {
  db: Database;
  /** Always PostgreSQL: a server of DATABASE_URL or the embedded one in DATA_DIR/postgres. */
  kind: 'postgres';
  /** Whether this portal runs the database itself (no DATABASE_URL). */
  embedded: boolean;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** DATA_DIR: without DATABASE_URL the embedded server keeps its cluster in `DATA_DIR/postgres`. */
  dataDir?: string;
  /** EMBEDDED_POSTGRES_USER: the account the embedded server runs as when the portal runs as root. */
  embeddedAccount?: string | undefined;
  poolSize?: number;
  /** Called with the SQL of every statement run through Drizzle (tests count queries with it). */
  onQuery?: (sql: string) => void;
  log?: (message: string) => void;
}

/** The one way to the database: node-postgres and Drizzle, whoever runs the server. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onQuery);
  if (!options.dataDir) throw new Error('openDatabase needs DATABASE_URL or a DATA_DIR');
  const server = await startEmbeddedPostgres({
    dir: path.join(options.dataDir, 'postgres'),
    accountSetting: options.embeddedAccount,
    log: options.log,
  });
  try {
    const handle = await openPostgres(server.url(), options.poolSize ?? 10, options.onQuery, server);
    // Data of the PGlite database of earlier versions moves over on the first start.
    if (fs.existsSync(path.join(options.dataDir, 'db', 'PG_VERSION'))) {
      await runMigrations(handle);
      await importPgliteData(options.dataDir, server.url(), options.log);
    }
    return handle;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The most distinct statements given a name (and so kept parsed and planned by each connection). */
export const NAMED_STATEMENTS_MAX = 2000;

/**
 * Names each distinct parameterised statement (issue 12): node-postgres then parses it once per
 * connection and PostgreSQL keeps its plan, instead of parsing and planning every statement of
 * every request. Same SQL text, same name, across all connections; texts past
 * `NAMED_STATEMENTS_MAX` (lists of many lengths, say) run unnamed as before. Statements without
 * parameters (migrations, `select 1`) keep the simple protocol, which allows several commands.
 */
export function createStatementNamer(max = NAMED_STATEMENTS_MAX) {
  const names = new Map<string, string>();
  return {
    nameOf(text: string): string | undefined {
      let name = names.get(text);
      if (name === undefined && names.size < max) {
        name = `portal_${names.size}`;
        names.set(text, name);
      }
      return name;
    },
    get size() {
      return names.size;
    },
  };
}

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

function nameStatements(client: pg.PoolClient, namer: ReturnType<typeof createStatementNamer>) {
  const query = client.query.bind(client) as QueryFunction;
  (client as unknown as { query: QueryFunction }).query = (config, values, callback) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      !(config as pg.QueryConfig).name &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = namer.nameOf((config as pg.QueryConfig).text);
      if (name) return query({ ...config, name }, values, callback);
    }
    return query(config, values, callback);
  };
}

async function openPostgres(
  url: string,
  max: number,
  onQuery?: DatabaseOptions['onQuery'],
  server?: EmbeddedServer,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const namer = createStatementNamer();
  pool.on('connect', (client) => nameStatements(client, namer));
  const db = drizzle({
    client: pool,
    schema,
    logger: onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined,
  }) as unknown as Database;
  await pool.query('select 1');
  return {
    db,
    kind: 'postgres',
    embedded: Boolean(server),
    ping: async () => void (await pool.query('select 1')),
    close: async () => {
      await pool.end();
      await server?.stop();
    },
  };
}
