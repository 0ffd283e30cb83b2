import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { cellText, csvStream, parseCsv } from './csv.js';

/** The bytes as they are (`text()` would drop the BOM). */
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

async function* rows<T>(list: T[]) {
  yield* list;
}

describe('csvStream', () => {
  it('writes a header then the rows, with a BOM, booleans as words and empty cells for null', async () => {
    const csv = await text(csvStream(['a', 'b', 'c'], rows([{ a: 'x, y', b: true, c: null }])));
    expect(csv).toBe('\uFEFFa,b,c\n"x, y",true,\n');
  });

  it("puts a ' before every cell a spreadsheet would run as a formula, and an import takes it off again", async () => {
    const cells = ['=1+1', '+1', '-1', '@A1', '\tx', '\rx', 'a=b', 'plain'];
    const csv = await text(csvStream(['v'], rows(cells.map((v) => ({ v })))));
    const read = parseCsv(Buffer.from(csv), { field: 'file', maxRows: 100 });
    expect(read.records.map((r) => r.cells.v)).toEqual(["'=1+1", "'+1", "'-1", "'@A1", "'\tx", "'\rx", 'a=b', 'plain']);
    expect(read.records.map((r) => cellText(r.cells.v))).toEqual(['=1+1', '+1', '-1', '@A1', 'x', 'x', 'a=b', 'plain']);
  });
});

describe('parseCsv', () => {
  it('numbers rows as a spreadsheet does, skipping empty lines and keeping quoted line breaks in one row', () => {
    const read = parseCsv(Buffer.from('Name,Stock\n1,2\n\n"x\ny",3\n'), { field: 'file', maxRows: 10 });
    expect(read.header).toEqual(['name', 'stock']);
    expect(read.records).toEqual([
      { row: 2, cells: { name: '1', stock: '2' } },
      { row: 4, cells: { name: 'x\ny', stock: '3' } },
    ]);
  });

  it('refuses binary files, broken quotes, rows of another length and too many rows', () => {
    const fails =
      (data: string | Buffer, maxRows = 10) =>
      () =>
        parseCsv(Buffer.from(data), { field: 'file', maxRows });
    expect(fails(Buffer.from([1, 0, 2]))).toThrow('This is not a CSV file.');
    expect(fails('a,b\n"x,1\n')).toThrow(/not a valid CSV file/);
    expect(fails('a,b\n1,2,3\n')).toThrow(/not a valid CSV file/);
    expect(fails('a\n1\n2\n3\n', 2)).toThrow('At most 2 rows at a time.');
  });
});
