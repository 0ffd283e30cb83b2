import { randomBytes } from 'node:crypto';
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
    /** The migrated database each test app's database is a copy of. */
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = 'portal_template';

/** Creates `name` on the server of `serverUrl` and applies the migrations to it. */
async function createTemplate(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const template = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await runMigrations(template);
  } finally {
    await template.close();
  }
}

/**
 * Once per run of the API suite: one embedded PostgreSQL (the portal's own server, durability
 * off since its data is thrown away) with a migrated template database; each test app gets a
 * `CREATE DATABASE ... TEMPLATE` copy of it. With TEST_DATABASE_URL the suite uses that server, with
 * a template of its own there (named for the run, so that runs can share a server), dropped at the end:
 * a copy is made in a fraction of the time the migrations take (CI's PostgreSQL lane, issue 31).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const name = `portal_template_${randomBytes(5).toString('hex')}`;
    await createTemplate(external, name);
    project.provide('embeddedDatabaseUrl', '');
    project.provide('templateDatabase', name);
    return async () => {
      const admin = new pg.Client({ connectionString: external });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-db-'));
  const server = await startEmbeddedPostgres({
    dir: path.join(root, 'postgres'),
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  try {
    await createTemplate(server.url('postgres'), TEMPLATE_DATABASE);
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('embeddedDatabaseUrl', server.url('postgres'));
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  return async () => {
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
}
