import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';

/**
 * Counts every committed row written in a test database: a row trigger on each table of the app's
 * schema adds a line to `test_row_writes`, in the writing transaction, so a rolled-back write
 * leaves no line. Installed after the migrations, in a database the test throws away.
 */
export async function installWriteCounter(db: Database, dataDir: string) {
  const rowsOf = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  await db.execute(sql`create table test_row_writes (id bigint generated always as identity, tbl text not null)`);
  await db.execute(
    sql.raw(`create function test_count_row_write() returns trigger language plpgsql as $$
      begin insert into test_row_writes (tbl) values (TG_TABLE_NAME); return null; end $$`),
  );
  const tables = await rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'test_row_writes'`,
  );
  for (const { name } of tables) {
    await db.execute(
      sql.raw(
        `create trigger test_count_row_write after insert or update or delete on "${name}" for each row execute function test_count_row_write()`,
      ),
    );
  }
  return {
    tables: tables.length,
    /** Rows written so far, and the files under media/. */
    async snapshot(): Promise<{ rows: number; files: number }> {
      const [{ rows }] = (await rowsOf<{ rows: number }>(sql`select count(*)::int as rows from test_row_writes`)) as [
        { rows: number },
      ];
      const files = await fs.readdir(path.join(dataDir, 'media'), { recursive: true }).catch(() => [] as string[]);
      return { rows, files: files.length };
    },
    /** The tables written since a snapshot (to say what a refused request changed). */
    async tablesWrittenAfter(rows: number): Promise<string[]> {
      const written = await rowsOf<{ tbl: string }>(sql`select tbl from test_row_writes order by id offset ${rows}`);
      return written.map((row) => row.tbl);
    },
  };
}
