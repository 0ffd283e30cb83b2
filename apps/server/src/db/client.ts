import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';
import { databaseUnavailable } from './errors.js';
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
  /** Its connection URL (for a client of its own: backups stream COPY on one). */
  url: string;
  /** The pool now (connections open, idle, requests waiting for one, its size) and statements timed out so far (metrics). */
  poolState(): { total: number; idle: number; waiting: number; max: number; statementTimeouts: number };
  ping(): Promise<void>;
  /**
   * Another pool of `max` connections to the same database, with the same timeouts (issue 24: the
   * expensive reads' own, so a flood of them never takes the connections everything else needs).
   * Closed with the handle, or before it by its own `close`.
   */
  openPool(max: number): { db: Database; close(): Promise<void> };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** DATA_DIR: without DATABASE_URL the embedded server keeps its cluster in `DATA_DIR/postgres`. */
  dataDir?: string;
  /** EMBEDDED_POSTGRES_USER: the account the embedded server runs as when the portal runs as root. */
  embeddedAccount?: string | undefined;
  /** EMBEDDED_POSTGRES_SHARED_BUFFERS, in bytes: the embedded server's own buffer cache (PostgreSQL's default otherwise). */
  embeddedSharedBuffers?: number | undefined;
  poolSize?: number;
  /** How long to wait for a connection (new, or free in the pool) before failing; 0 waits for ever. */
  connectTimeoutMs?: number;
  /** How long one statement may take before the client gives up on it and drops its connection; 0 never. */
  queryTimeoutMs?: number;
  /** Called with the SQL and parameters of every statement run through Drizzle (tests count and explain them). */
  onQuery?: (sql: string, params: unknown[]) => void;
  log?: (message: string) => void;
}

/** The one way to the database: node-postgres and Drizzle, whoever runs the server. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool: PoolSettings = {
    max: options.poolSize ?? 10,
    connectTimeoutMs: options.connectTimeoutMs ?? 0,
    queryTimeoutMs: options.queryTimeoutMs ?? 0,
  };
  if (options.databaseUrl) return openPostgres(options.databaseUrl, pool, options.onQuery);
  if (!options.dataDir) throw new Error('openDatabase needs DATABASE_URL or a DATA_DIR');
  const server = await startEmbeddedPostgres({
    dir: path.join(options.dataDir, 'postgres'),
    accountSetting: options.embeddedAccount,
    log: options.log,
    ...(options.embeddedSharedBuffers
      ? { settings: { shared_buffers: `${Math.floor(options.embeddedSharedBuffers / 1024)}kB` } }
      : {}),
  });
  try {
    const handle = await openPostgres(server.url(), pool, options.onQuery, server);
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

type Release = (error?: Error | boolean) => void;

/**
 * A pool whose checked-out clients (Drizzle's transactions) are dropped as soon as one of their
 * statements times out or loses its connection. Drizzle releases a transaction's client only after
 * `begin` succeeded, and without the error: a `begin` that timed out while the database was
 * unreachable would keep its client checked out for ever (the pool shrinks, and closing it waits).
 */
export class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: Release) => void) {
    // pool.query checks out with a callback and releases with the error itself.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client) as Release;
      let released = false;
      client.release = ((error?: Error | boolean) => {
        if (released) return;
        released = true;
        release(error);
      }) as pg.PoolClient['release'];
      const query = client.query;
      // Wrapped per checkout (the pool sets a new release each time); the original is kept on the client.
      const original = ((client as { originalQuery?: typeof query }).originalQuery ??= query) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        const result = original.apply(client, args);
        if (result && typeof (result as Promise<unknown>).catch === 'function') {
          return (result as Promise<unknown>).catch((error: unknown) => {
            if (databaseUnavailable(error)) client.release(error as Error);
            throw error;
          });
        }
        return result;
      }) as typeof query;
      return client;
    });
  }
}

interface PoolSettings {
  max: number;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
}

/** The most distinct statements given a name (and so kept parsed and planned by each connection). */
export const NAMED_STATEMENTS_MAX = 2000;

/**
 * Names each distinct parameterised statement (issue 12): node-postgres then parses it once per
 * connection and PostgreSQL keeps its plan, instead of parsing and planning every statement of
 * every request. Same SQL text, same name, across all connections; texts past
 * `NAMED_STATEMENTS_MAX` (lists of many lengths, say) run unnamed as before, and so do those marked
 * {@link PLAN_FOR_PARAMETERS}. Statements without
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

/**
 * A statement whose text starts with this runs unnamed: PostgreSQL plans it for its parameters every
 * time. A named statement run five times may get a generic plan, blind to them, and a search for a
 * typo then walked every public post by date to find none by a substring (748 ms at 100×, 56 ms
 * planned for "mountian"). Only for statements whose best plan depends on what was typed: planning
 * a statement of trigram operators for its parameters costs up to 16 ms (the planner tries the
 * operators on the column's statistics).
 */
export const PLAN_FOR_PARAMETERS = '/* plan for parameters */';

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

function nameStatements(client: pg.PoolClient, namer: ReturnType<typeof createStatementNamer>) {
  const query = client.query.bind(client) as QueryFunction;
  (client as unknown as { query: QueryFunction }).query = (config, values, callback) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      !(config as pg.QueryConfig).name &&
      !(config as pg.QueryConfig).text.startsWith(PLAN_FOR_PARAMETERS) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = namer.nameOf((config as pg.QueryConfig).text);
      if (name) return query({ ...config, name }, values, callback);
    }
    return query(config, values, callback);
  };
}

/** A statement given up on: the client's query_timeout, or the server's statement_timeout (57014). */
export function statementTimedOut(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '57014' || (typeof message === 'string' && message.includes('Query read timeout'));
}

/** Counts the connection's statements that time out, whichever way they were sent (promise or callback). */
function countTimeouts(client: pg.PoolClient, timeouts: { count: number }) {
  const query = client.query.bind(client) as QueryFunction;
  const count = (error: unknown) => {
    if (statementTimedOut(error)) timeouts.count += 1;
  };
  (client as unknown as { query: QueryFunction }).query = (config, values, callback) => {
    const done = typeof callback === 'function' ? callback : typeof values === 'function' ? values : undefined;
    if (done) {
      const counted = (error: unknown, result: unknown) => {
        if (error) count(error);
        (done as (error: unknown, result: unknown) => void)(error, result);
      };
      return done === callback ? query(config, values, counted) : query(config, counted);
    }
    const result = query(config, values, callback);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch(count);
    }
    return result;
  };
}

/** A pool and its Drizzle handle: statements named by `namer`, every statement reported to `onQuery`. */
function poolOf(
  url: string,
  { max, connectTimeoutMs, queryTimeoutMs }: PoolSettings,
  namer: StatementNamer,
  timeouts: { count: number },
  onQuery?: DatabaseOptions['onQuery'],
) {
  // With timeouts, a database that stops answering makes requests fail (503) instead of hanging;
  // a connection whose statement timed out is dropped, and the pool opens fresh ones when it is back.
  const pool = new ResilientPool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    nameStatements(client, namer);
    countTimeouts(client, timeouts);
  });
  const db = drizzle({
    client: pool,
    schema,
    logger: onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined,
  }) as unknown as Database;
  let ended: Promise<void> | undefined;
  return { pool, db, close: () => (ended ??= pool.end()) };
}

type StatementNamer = ReturnType<typeof createStatementNamer>;

async function openPostgres(
  url: string,
  settings: PoolSettings,
  onQuery?: DatabaseOptions['onQuery'],
  server?: EmbeddedServer,
): Promise<DatabaseHandle> {
  const namer = createStatementNamer();
  const timeouts = { count: 0 };
  const main = poolOf(url, settings, namer, timeouts, onQuery);
  const others = new Set<ReturnType<typeof poolOf>>();
  await main.pool.query('select 1');
  return {
    db: main.db,
    kind: 'postgres',
    embedded: Boolean(server),
    url,
    poolState: () => ({
      total: main.pool.totalCount,
      idle: main.pool.idleCount,
      waiting: main.pool.waitingCount,
      max: settings.max,
      statementTimeouts: timeouts.count,
    }),
    ping: async () => void (await main.pool.query('select 1')),
    openPool(max) {
      const other = poolOf(url, { ...settings, max }, namer, timeouts, onQuery);
      others.add(other);
      return { db: other.db, close: () => other.close() };
    },
    close: async () => {
      await Promise.all([...others].map((other) => other.close()));
      await main.close();
      await server?.stop();
    },
  };
}
