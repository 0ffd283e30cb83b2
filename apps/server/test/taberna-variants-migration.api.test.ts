import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate.js';

/**
 * Issue 25: a database of before variants (migrations up to 0009, a shop with stock, colours and
 * sizes, an order and a cart) migrated to variants: every product stays sellable with its stock.
 */
const VARIANTS_MIGRATION = 10;

let handle: DatabaseHandle;
let pool: pg.Pool;
let dropDatabase: () => Promise<void>;
let folder: string;

async function migrationsBefore(index: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  for (const entry of journal.entries.filter((e) => e.idx >= index)) await fs.rm(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < index);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL || inject('embeddedDatabaseUrl');
  const name = `portal_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  dropDatabase = async () => {
    await pool.end();
    await handle.close();
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  folder = await migrationsBefore(VARIANTS_MIGRATION);
  await migrate(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}, 120_000);

afterAll(async () => {
  await dropDatabase?.();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
});

const query = async <T>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];

describe('the variants migration of an existing shop', () => {
  it('shares each product stock out over its colours × sizes, and links orders and carts to their variant', async () => {
    const [account] = await query<{ id: number }>(
      `insert into accounts (email, username, first_name, last_name, password_hash, is_active)
       values ('old@example.com', 'old', 'Old', 'Buyer', 'x', true) returning id`,
    );
    const [category] = await query<{ id: number }>(
      `insert into taberna_categories (name, slug) values ('Old', 'old') returning id`,
    );
    const product = async (slug: string, stock: number) =>
      (
        await query<{ id: number }>(
          `insert into taberna_products (category_id, name, slug, price, stock) values ($1, $2, $2, '10.00', $3) returning id`,
          [category!.id, slug, stock],
        )
      )[0]!.id;
    const variation = async (productId: number, category: string, value: string, active = true) =>
      (
        await query<{ id: number }>(
          `insert into taberna_variations (product_id, category, value, is_active) values ($1, $2, $3, $4) returning id`,
          [productId, category, value, active],
        )
      )[0]!.id;
    const tee = await product('tee', 7);
    const [blue, white] = [await variation(tee, 'color', 'Blue'), await variation(tee, 'color', 'White')];
    const [small, large] = [await variation(tee, 'size', 'S'), await variation(tee, 'size', 'L')];
    const gone = await variation(tee, 'color', 'Red', false);
    const mug = await product('mug', 5);
    const teapot = await product('teapot', 3);
    await variation(teapot, 'color', 'Teal');
    await variation(teapot, 'size', 'One', false);

    const [order] = await query<{ id: number }>(
      `insert into taberna_orders (account_id, first_name, last_name, phone, email, address_line_1, country, state, city,
         subtotal, tax, order_total, provider, expires_at)
       values ($1, 'Old', 'Buyer', '+351912345678', 'old@example.com', '1 Street', 'Portugal', 'Lisbon', 'Lisbon',
         '20.00', '0.40', '20.40', 'test', now()) returning id`,
      [account!.id],
    );
    const line = (productId: number, ids: number[], variations: object[]) =>
      query(
        `insert into taberna_order_lines (order_id, product_id, product_name, variation_ids, variations, quantity, product_price)
         values ($1, $2, 'Old line', $3::integer[], $4::jsonb, 1, '10.00')`,
        [order!.id, productId, `{${ids.join(',')}}`, JSON.stringify(variations)],
      );
    await line(
      tee,
      [white, large],
      [
        { id: white, variation_category: 'color', variation_value: 'White' },
        { id: large, variation_category: 'size', variation_value: 'L' },
      ],
    );
    await line(
      tee,
      [gone, small],
      [
        { id: gone, variation_category: 'color', variation_value: 'Red' },
        { id: small, variation_category: 'size', variation_value: 'S' },
      ],
    );
    await line(mug, [], []);
    const [cart] = await query<{ id: number }>(`insert into taberna_carts (token) values ('old-cart') returning id`);
    await query(
      `insert into taberna_cart_items (cart_id, product_id, variation_ids, quantity) values ($1, $2, $3::integer[], 2)`,
      [cart!.id, tee, `{${[blue, small].join(',')}}`],
    );

    await runMigrations(handle);

    const variants = await query<{
      product_id: number;
      color_id: number | null;
      size_id: number | null;
      sku: string;
      stock: number;
      is_active: boolean;
    }>('select product_id, color_id, size_id, sku, stock, is_active from taberna_product_variants order by id');
    const of = (productId: number) => variants.filter((v) => v.product_id === productId);
    // Blue/S, Blue/L, White/S, White/L share 7: 2, 2, 2, 1; the Red/S an order holds is kept, inactive, without stock.
    expect(of(tee).map((v) => [v.color_id, v.size_id, v.stock, v.is_active])).toEqual([
      [blue, small, 2, true],
      [blue, large, 2, true],
      [white, small, 2, true],
      [white, large, 1, true],
      [gone, small, 0, false],
    ]);
    expect(
      of(tee)
        .slice(0, 4)
        .map((v) => v.sku),
    ).toEqual([`P${tee}-BLUE-S`, `P${tee}-BLUE-L`, `P${tee}-WHITE-S`, `P${tee}-WHITE-L`]);
    expect(of(mug).map((v) => [v.color_id, v.size_id, v.stock, v.sku])).toEqual([[null, null, 5, `P${mug}`]]);
    // A size no longer offered is no choice: the teapot sells by colour alone, with all its stock.
    expect(of(teapot).map((v) => [v.size_id, v.stock, v.is_active])).toEqual([[null, 3, true]]);
    // Every product's stock is the sum of its active variants'.
    const sums = await query<{ id: number; stock: number; sum: number }>(
      `select p.id, p.stock, coalesce(sum(v.stock) filter (where v.is_active), 0)::int as sum
         from taberna_products p left join taberna_product_variants v on v.product_id = p.id group by p.id`,
    );
    for (const row of sums) expect(row.stock, `product ${row.id}`).toBe(row.sum);

    const lines = await query<{
      product_id: number;
      sku: string;
      color: string | null;
      size: string | null;
      variant_id: number | null;
    }>('select product_id, sku, color, size, variant_id from taberna_order_lines order by id');
    expect(lines.map(({ sku, color, size }) => [sku, color, size])).toEqual([
      [`P${tee}-WHITE-L`, 'White', 'L'],
      [`P${tee}-C${gone}-S${small}`, 'Red', 'S'],
      [`P${mug}`, null, null],
    ]);
    expect(lines.every((l) => l.variant_id !== null)).toBe(true);
    const [orderRow] = await query<{ phone_verified: boolean; country_code: string | null }>(
      'select phone_verified, country_code from taberna_orders',
    );
    expect(orderRow).toEqual({ phone_verified: true, country_code: null });
    const [status] = await query<{ status: string }>('select distinct status from taberna_products');
    expect(status).toEqual({ status: 'active' });
  });
});
