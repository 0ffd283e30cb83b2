import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

// Any constant works; it only has to be the same for every instance of the portal.
const MIGRATION_LOCK = 728_501_001;

/** Applies the SQL migrations made by drizzle-kit. On PostgreSQL one instance at a time does it. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  await handle.db.transaction(async (tx) => {
    // Transaction-scoped lock: released at commit, held while another instance would migrate.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
  });
}
