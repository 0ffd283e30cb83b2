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
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate.js';
import { importPgliteData } from '../src/db/pglite-import.js';
import * as schema from '../src/db/schema/index.js';
import { demoAccountsStep } from '../src/seed/demo-accounts.js';
import { demoChatStep } from '../src/seed/demo-chat.js';
import { demoSocialStep } from '../src/seed/demo-social.js';
import { portalAppsStep } from '../src/seed/portal-apps.js';
import { runSeed } from '../src/seed/seed-runner.js';
import { tabernaDemoStep } from '../src/seed/demo-taberna.js';
import { openTestDatabase } from './support/test-database.js';

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

describe('moving the PGlite data of earlier versions to the embedded PostgreSQL', () => {
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

/** The migrations folder as an earlier version shipped it: its first `count` migrations. */
async function earlierMigrations(count: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  expect(journal.entries.length).toBeGreaterThan(count);
  journal.entries = journal.entries.slice(0, count);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe('an import from a PGlite folder of an earlier schema, interrupted once', () => {
  let oldData: string;
  let target: Awaited<ReturnType<typeof openTestDatabase>>;
  const rowsOf = async <T>(text: string) => ((await target.handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    oldData = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-import-old-'));
    // A folder left by a version from before the social network, the back office and the rest (the
    // first three migrations: accounts and the shop), with a few rows.
    const migrations = await earlierMigrations(3);
    const client = await PGlite.create({ dataDir: path.join(oldData, 'db'), extensions: { pg_trgm, btree_gin } });
    await migrate(drizzle({ client }), { migrationsFolder: migrations });
    await client.exec(`
      insert into accounts (email, username, first_name, last_name, password_hash, is_active)
        values ('ana@example.com', 'ana', 'Ana', 'Old', 'h1', true), ('ben@example.com', 'ben', 'Ben', 'Old', 'h2', false);
      insert into taberna_categories (name, slug) values ('Mugs', 'mugs');
      insert into taberna_products (category_id, name, slug, price, stock)
        select id, 'Blue mug', 'blue-mug', 12.50, 7 from taberna_categories;`);
    const { rows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'accounts' and column_name = 'role'`,
    );
    expect(rows).toEqual([]);
    await client.close();
    await fs.rm(migrations, { recursive: true, force: true });

    target = await openTestDatabase();
    await runMigrations(target.handle);
    // What a new portal may already hold: kept when an import fails, replaced when it succeeds.
    await target.handle.db.execute(
      sql`insert into accounts (email, username, first_name, last_name, password_hash) values ('new@example.com', 'new', 'N', 'N', 'x')`,
    );
  }, 600_000);

  afterAll(async () => {
    await target?.drop();
    await fs.rm(oldData, { recursive: true, force: true });
  });

  it('changes nothing when it fails part-way, keeps the old folder, and succeeds on the next try', async () => {
    // The copy breaks at the shop's products, after accounts and categories went in (tables go in name order).
    await target.handle.db.execute(
      sql.raw(`create function test_refuse_row() returns trigger language plpgsql as $$
        begin raise exception 'interrupted for the test'; end $$;
        create trigger test_refuse_row before insert on taberna_products for each row execute function test_refuse_row();
        alter table taberna_products enable always trigger test_refuse_row;`),
    );
    await expect(importPgliteData(oldData, target.url!)).rejects.toThrow('interrupted for the test');
    expect(await rowsOf<{ email: string }>('select email from accounts')).toEqual([{ email: 'new@example.com' }]);
    expect(await rowsOf('select id from taberna_categories')).toEqual([]);
    expect(await fs.readdir(oldData)).toEqual(['db']);

    await target.handle.db.execute(sql.raw('drop trigger test_refuse_row on taberna_products; drop function test_refuse_row();'));
    const lines: string[] = [];
    const result = await importPgliteData(oldData, target.url!, (line) => lines.push(line));
    // Two accounts, a category, a product and the product's one variant (issue 25's migration made it
    // in the old folder, brought to the current schema before the copy).
    expect(result).toMatchObject({ rows: 5 });
    expect(lines).toHaveLength(2);
    // The old rows, with the columns added since as a new account has them.
    expect(await rowsOf('select id, email, username, is_active, role, suspended_at from accounts order by id')).toEqual([
      { id: 1, email: 'ana@example.com', username: 'ana', is_active: true, role: null, suspended_at: null },
      { id: 2, email: 'ben@example.com', username: 'ben', is_active: false, role: null, suspended_at: null },
    ]);
    expect(await rowsOf('select name, price, stock from taberna_products')).toEqual([
      { name: 'Blue mug', price: '12.50', stock: 7 },
    ]);
    expect(await rowsOf('select stock, color_id, size_id from taberna_product_variants')).toEqual([
      { stock: 7, color_id: null, size_id: null },
    ]);
    const entries = await fs.readdir(oldData);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatch(/^db\.pglite-backup-/);
    // Numbering goes on after the imported rows; a second start finds nothing to import.
    expect(await rowsOf(`select nextval('accounts_id_seq')::int as next`)).toEqual([{ next: 3 }]);
    expect(await importPgliteData(oldData, target.url!)).toBeUndefined();
  });
});
