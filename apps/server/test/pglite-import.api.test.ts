import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository } from '../src/auth/accounts.repository.js';
import { createDiskMediaStorage } from '../src/core/media/disk-media-storage.js';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.js';
import { MIGRATIONS_DIR } from '../src/db/migrate.js';
import * as schema from '../src/db/schema/index.js';
import { demoAccountsStep } from '../src/seed/demo-accounts.js';
import { demoChatStep } from '../src/seed/demo-chat.js';
import { demoSocialStep } from '../src/seed/demo-social.js';
import { portalAppsStep } from '../src/seed/portal-apps.js';
import { runSeed } from '../src/seed/seed-runner.js';
import { tabernaDemoStep } from '../src/seed/demo-taberna.js';

const quiet = { info: () => undefined, debug: () => undefined, error: () => undefined, warn: () => undefined } as never;

interface Snapshot {
  /** Per table: row count and a digest of every row. */
  tables: Record<string, { rows: number; digest: string }>;
  sequences: Record<string, { last_value: string; is_called: boolean }>;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

async function snapshot(query: Query): Promise<Snapshot> {
  const tables: Snapshot['tables'] = {};
  const { rows } = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  for (const { name } of rows as { name: string }[]) {
    const [row] = (
      await query(`select count(*)::int as rows, md5(coalesce(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text), '')) as digest
                     from public."${name}" t`)
    ).rows as { rows: number; digest: string }[];
    tables[name] = row!;
  }
  const sequences: Snapshot['sequences'] = {};
  const { rows: seqs } = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { name } of seqs as { name: string }[]) {
    const [row] = (await query(`select last_value::text as last_value, is_called from public."${name}"`)).rows;
    sequences[name] = row as Snapshot['sequences'][string];
  }
  return { tables, sequences };
}

let dataDir: string;
let before: Snapshot;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-import-'));
  // A DATA_DIR/db as the PGlite versions of the portal left it: migrated, with all the demo data.
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm, btree_gin } });
  const old = drizzle({ client, schema });
  await migrate(old, { migrationsFolder: MIGRATIONS_DIR });
  const media = createDiskMediaStorage(path.join(dataDir, 'media'), 'http://portal.test');
  const steps = [
    portalAppsStep(media, 'https://example.com/source'),
    demoAccountsStep,
    demoSocialStep(media),
    demoChatStep,
    tabernaDemoStep(media),
  ];
  await runSeed({ db: old as unknown as Database } as DatabaseHandle, steps, true, quiet);
  before = await snapshot((text) => client.query(text));
  await client.close();

  handle = await openDatabase({ dataDir });
}, 600_000);

afterAll(async () => {
  await handle?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('moving the PGlite data of earlier versions to the embedded PostgreSQL', () => {
  it('copies every row of every table and sets every sequence where it was', async () => {
    expect(Object.keys(before.tables).length).toBeGreaterThan(20);
    const rows = Object.values(before.tables).reduce((sum, table) => sum + table.rows, 0);
    expect(rows).toBeGreaterThan(200);
    const after = await snapshot(async (text) => {
      const result = await handle.db.execute(sql.raw(text));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    });
    expect(after.tables).toEqual(before.tables);
    expect(after.sequences).toEqual(before.sequences);
  });

  it('keeps the old folder, renamed, as a backup', async () => {
    const entries = await fs.readdir(dataDir);
    expect(entries).not.toContain('db');
    const backups = entries.filter((name) => name.startsWith('db.pglite-backup-'));
    expect(backups).toHaveLength(1);
    await expect(fs.access(path.join(dataDir, backups[0]!, 'PG_VERSION'))).resolves.toBeUndefined();
  });

  it('goes on numbering rows after the imported ones', async () => {
    const highest = before.sequences['accounts_id_seq']!;
    expect(Number(highest.last_value)).toBeGreaterThan(1);
    const account = await createAccountsRepository(handle.db).insert({
      email: 'after.import@example.com',
      username: 'after_import',
      firstName: 'After',
      lastName: 'Import',
      passwordHash: 'x',
      isActive: true,
    });
    expect(account.id).toBe(Number(highest.last_value) + 1);
  });
});
