/**
 * Rows read page by page along a key (an export's long lists), each shaped as the archive shows it:
 * never more than a page in memory, each page served by the table's index on `(owner, key)`.
 */
export async function* keysetRows<Row, Key, Shown = Row>(
  page: (after: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  shape: (row: Row) => Shown = (row) => row as unknown as Shown,
  limit = 500,
): AsyncIterable<Shown> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after, limit);
    for (const row of rows) yield shape(row);
    if (rows.length < limit) return;
    after = keyOf(rows.at(-1)!);
  }
}
