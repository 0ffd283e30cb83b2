import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { accounts } from '../src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { openTestDatabase } from './support/test-database.js';

/**
 * Issue 12: every parameterised statement runs as a named prepared statement, parsed once per
 * connection (PostgreSQL keeps its plan); statements without parameters keep the simple protocol.
 */
let test: Awaited<ReturnType<typeof openTestDatabase>>;
let single: DatabaseHandle;

beforeAll(async () => {
  test = await openTestDatabase();
  // Already migrated (a copy of the run's template): this checks the migrations have nothing left to do.
  await runMigrations(test.handle);
  // One connection: what it has prepared is what pg_prepared_statements shows.
  single = await openDatabase({ databaseUrl: test.url!, poolSize: 1 });
}, 180_000);
afterAll(async () => {
  await single?.close();
  await test?.drop();
});

const prepared = async (db: DatabaseHandle['db']) => {
  const result = (await db.execute(
    sql`select name, statement from pg_prepared_statements where name like 'portal\\_%'`,
  )) as unknown as {
    rows: { name: string; statement: string }[];
  };
  return result.rows;
};

describe('named statements', () => {
  it('prepares a parameterised statement once and reuses it', async () => {
    const lookup = (id: number) => single.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
    expect(await prepared(single.db)).toEqual([]);
    await lookup(1);
    await lookup(2);
    const after = await prepared(single.db);
    expect(after).toHaveLength(1);
    expect(after[0]!.statement).toContain('"accounts"');
  });

  it('runs several commands in one statement without parameters (the simple protocol)', async () => {
    await single.db.execute(sql.raw('select 1; select 2'));
    expect(await prepared(single.db)).toHaveLength(1);
  });

  it("plans each run for its parameters on a pool opened for custom plans, where the main pool's switch to a generic plan", async () => {
    const plans = async (db: DatabaseHandle['db']) => {
      for (let id = 1; id <= 8; id += 1) await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
      const result = (await db.execute(
        sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where name like 'portal\\_%' and statement like '%"accounts"%'`,
      )) as unknown as { rows: { generic: number; custom: number }[] };
      return result.rows[0];
    };
    const custom = single.openPool(1, { customPlans: true });
    try {
      expect(await plans(custom.db)).toEqual({ generic: 0, custom: 8 });
    } finally {
      await custom.close();
    }
    expect((await plans(single.db))!.generic).toBeGreaterThan(0);
  });
});
