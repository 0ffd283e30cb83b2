import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';

let template: Promise<Blob> | undefined;

/** A migrated embedded database, made once per test worker: new ones start from its dump. */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(handle);
    const dump = await handle.dump!();
    await handle.close();
    return dump;
  })();
  return template;
}

/**
 * The database of one test file: an in-memory PGlite by default; a fresh PostgreSQL database
 * (created and dropped here) when TEST_DATABASE_URL points at a server, as in CI's second pass.
 */
export async function openTestDatabase(
  options: { onQuery?: (sql: string) => void } = {},
): Promise<{ handle: DatabaseHandle; url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await migratedTemplate(), ...options });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://', poolSize: 5, ...options });
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
