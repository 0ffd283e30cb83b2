import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';

/**
 * The database of one test app: a fresh database, created here and dropped by `drop()`, a copy of
 * the run's migrated template (on the embedded PostgreSQL the suite starts, or on the server of
 * TEST_DATABASE_URL when set, as in CI's second pass).
 */
export async function openTestDatabase(
  options: { onQuery?: (sql: string, params: unknown[]) => void } = {},
): Promise<{ handle: DatabaseHandle; url: string | undefined; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL || inject('embeddedDatabaseUrl');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, ...options });
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
