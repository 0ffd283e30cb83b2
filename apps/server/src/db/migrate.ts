import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle } from './client.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

// Any constant works; it only has to be the same for every instance of the portal.
const MIGRATION_LOCK = 728_501_001;

/** Applies the SQL migrations made by drizzle-kit, one instance at a time. */
export async function runMigrations(handle: Pick<DatabaseHandle, 'db'>): Promise<void> {
  await handle.db.transaction(async (tx) => {
    // Transaction-scoped lock: released at commit, held while another instance would migrate.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrate(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_DIR });
  });
}
