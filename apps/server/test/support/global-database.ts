import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.js';
import { runMigrations } from '../../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the embedded test server's `postgres` database (empty with TEST_DATABASE_URL). */
    embeddedDatabaseUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'portal_template';

/**
 * Once per run of the API suite: one embedded PostgreSQL (the portal's own server, durability
 * off since its data is thrown away) with a migrated template database; each test app gets a
 * `CREATE DATABASE ... TEMPLATE` copy of it. With TEST_DATABASE_URL the suite uses that server.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('embeddedDatabaseUrl', '');
    return;
  }
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-db-'));
  const server = await startEmbeddedPostgres({
    dir: path.join(root, 'postgres'),
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: server.url(TEMPLATE_DATABASE), poolSize: 1 });
    await runMigrations(template);
    await template.close();
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('embeddedDatabaseUrl', server.url('postgres'));
  return async () => {
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
}
