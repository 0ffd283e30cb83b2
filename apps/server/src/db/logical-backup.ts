import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from './migrate.js';

/**
 * A logical backup of the portal's database without PostgreSQL's client programs (the embedded
 * server ships no pg_dump, and Debian's is older than the server): the migration level, then every
 * table's rows as `COPY … TO STDOUT` in PostgreSQL's text format (what pg_dump's data section holds),
 * read in one REPEATABLE READ snapshot; restored by migrating an empty schema to that level and
 * `COPY … FROM STDIN` in one transaction. See docs/decisions/019.
 */

export interface DumpTable {
  name: string;
  /** Copied columns, in order: stored columns only (generated ones are computed again). */
  columns: string[];
}

export interface DumpHeader {
  /** `server_version_num` of the server the rows came from. */
  serverVersion: number;
  /** The applied migrations (drizzle's journal `when` and file hash), oldest first. */
  migrations: { createdAt: number; hash: string }[];
  tables: DumpTable[];
  /** Each sequence's last value, or null when it was never used. */
  sequences: { name: string; lastValue: string | null }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const copyColumns = (table: DumpTable) => `${ident(table.name)} (${table.columns.map(ident).join(', ')})`;

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

export interface DumpSnapshot {
  header: DumpHeader;
  /** One table's rows as COPY text, one line per row. */
  rows(table: DumpTable): Readable & { rowCount: number };
  /** Ends the snapshot (commit of a read-only transaction). */
  close(): Promise<void>;
}

/** Opens a consistent snapshot of the database at `url`: every read sees the same moment. */
export async function openDumpSnapshot(url: string): Promise<DumpSnapshot> {
  const client = await connect(url);
  let closed = false;
  try {
    await client.query('begin isolation level repeatable read read only');
    // A long backup must not be cut short by the server's or the role's timeouts.
    await client.query(`set local statement_timeout = 0`);
    await client.query(`set local idle_in_transaction_session_timeout = 0`);
    const version = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    const migrated = await client.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
    const migrations = migrated.rows[0]!.ok
      ? (
          await client.query<{ created_at: string; hash: string }>(
            'select created_at, hash from drizzle.__drizzle_migrations order by created_at',
          )
        ).rows.map((row) => ({ createdAt: Number(row.created_at), hash: row.hash }))
      : [];
    const columns = await client.query<{ table: string; columns: string[] }>(`
      select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname
      order by c.relname`);
    const sequences = await client.query<{ name: string; last_value: string | null }>(
      `select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    return {
      header: {
        serverVersion: Number(version.rows[0]!.v),
        migrations,
        tables: columns.rows.map((row) => ({ name: row.table, columns: row.columns })),
        sequences: sequences.rows.map((row) => ({ name: row.name, lastValue: row.last_value })),
      },
      rows: (table) => client.query(copyTo(`copy ${copyColumns(table)} to stdout`)),
      close: async () => {
        if (closed) return;
        closed = true;
        await client.query('commit').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** Refused before anything changes: the backup needs migrations this portal does not have. */
export class RestoreRefused extends Error {}

export interface RestoreSession {
  /** A stream taking one table's COPY text; end it, then read `rowCount` on it. */
  rows(table: DumpTable): Writable & { rowCount: number };
  /** Sets the sequences, adds the foreign keys back (checking every reference) and commits. */
  commit(): Promise<void>;
  /** Rolls everything back: the database is as it was. */
  abort(): Promise<void>;
}

/**
 * Starts a restore into the database at `url`, in one transaction: the portal's schemas are
 * dropped and made again by the migrations up to the backup's level, foreign keys are dropped for
 * the copy (as pg_dump adds them after the data) and added back at commit. Nothing is visible to
 * others, and nothing changes, until `commit`.
 */
export async function beginRestore(url: string, header: DumpHeader): Promise<RestoreSession> {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const level = header.migrations.at(-1)?.createdAt ?? 0;
  const missing = header.migrations.filter((applied) => !known.some((migration) => migration.folderMillis === applied.createdAt));
  if (missing.length > 0) {
    throw new RestoreRefused(
      `The backup was made by a newer version of the portal (${missing.length} migration(s) this version does not have): upgrade the portal first.`,
    );
  }
  const client = await connect(url);
  let open = false;
  let foreignKeys: ForeignKey[];
  let triggered: string[];
  try {
    await client.query('begin');
    open = true;
    await client.query(`set local statement_timeout = 0`);
    await client.query(`set local idle_in_transaction_session_timeout = 0`);
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
    // Drizzle's own bookkeeping, as its migrator writes it.
    await client.query('create schema drizzle');
    await client.query(
      'create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    for (const migration of known.filter((one) => one.folderMillis <= level)) {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    foreignKeys = (
      await client.query<ForeignKey>(`
        select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k join pg_class c on c.oid = k.conrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace
        order by c.relname, k.conname`)
    ).rows;
    for (const key of foreignKeys) await client.query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
    // The migrations made the triggers too; as pg_dump makes them after the data, they are off for the
    // copy (a trigger deriving rows, such as the search words of posts, would write them twice).
    triggered = (
      await client.query<{ table: string }>(`
        select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1`)
    ).rows.map((row) => row.table);
    for (const table of triggered) await client.query(`alter table ${ident(table)} disable trigger user`);
  } catch (error) {
    if (open) await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
    throw error;
  }
  return restoreSession(client, header, foreignKeys, triggered);
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

function restoreSession(client: pg.Client, header: DumpHeader, foreignKeys: ForeignKey[], triggered: string[]): RestoreSession {
  // The table being copied: an abort in the middle of it (an archive cut short) ends its COPY first,
  // or the rollback would wait behind it for ever.
  let copying: (Writable & { rowCount: number }) | undefined;
  return {
    rows(table) {
      const stream = client.query(copyFrom(`copy ${copyColumns(table)} from stdin`));
      copying = stream;
      const done = () => void (copying === stream && (copying = undefined));
      finished(stream).then(done, done);
      return stream;
    },
    async commit() {
      try {
        for (const sequence of header.sequences) {
          if (sequence.lastValue !== null) {
            await client.query('select setval($1::regclass, $2::bigint, true)', [ident(sequence.name), sequence.lastValue]);
          }
        }
        // Added back only now, so the order of the tables did not matter; each checks every row.
        for (const key of foreignKeys) {
          await client.query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`);
        }
        for (const table of triggered) await client.query(`alter table ${ident(table)} enable trigger user`);
        await client.query('commit');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async abort() {
      const stream = copying;
      if (stream) {
        stream.destroy(new Error('The restore was stopped.'));
        await finished(stream).catch(() => undefined);
      }
      await client.query('rollback').catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Waits until a COPY FROM stream has been ended and the server has taken every row. */
export async function copyDone(stream: Writable & { rowCount: number }): Promise<number> {
  stream.end();
  await finished(stream);
  return stream.rowCount;
}
