import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PLAN_FOR_PARAMETERS, type DatabaseHandle } from '../src/db/client.js';
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

  it('runs a statement marked to be planned for its parameters unnamed, planned each time', async () => {
    const before = await prepared(single.db);
    for (let id = 1; id <= 8; id += 1) {
      await single.db.execute(sql`${sql.raw(PLAN_FOR_PARAMETERS)} select id from accounts where id = ${id}`);
    }
    expect(await prepared(single.db)).toEqual(before);
    // Unmarked, the same statement is named (and from its sixth run PostgreSQL may plan it once for all).
    for (let id = 1; id <= 8; id += 1) await single.db.execute(sql`select id from accounts where id = ${id}`);
    expect(await prepared(single.db)).toHaveLength(before.length + 1);
  });
});
