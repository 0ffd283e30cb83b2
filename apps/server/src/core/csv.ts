import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify';
import { Invalid } from './domain-errors.js';

/** A cell value as the exports write it: null and undefined are empty cells. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * Rows as a CSV stream (issue 28): the header, then each row as `rows` yields it, so an export of
 * any size holds one page in memory. A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is written with a `'` in front (csv-stringify's `escape_formulas`), so a spreadsheet shows
 * it as text instead of running it as a formula. A BOM in front lets spreadsheets read UTF-8.
 */
export function csvStream<C extends string>(columns: readonly C[], rows: AsyncIterable<Record<C, CsvCell>>): Readable {
  const stringifier = stringify({
    header: true,
    columns: [...columns],
    bom: true,
    escape_formulas: true,
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
  const source = Readable.from(rows);
  source.on('error', (error) => stringifier.destroy(error));
  return source.pipe(stringifier);
}

/** The characters in front of which {@link csvStream} writes a `'`. */
const FORMULA_START = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as an import reads it: trimmed, and without the `'` an export put in front of a formula-like text. */
export const cellText = (value: string | undefined) => {
  const text = (value ?? '').trim();
  return FORMULA_START.test(text) ? text.slice(1).trim() : text;
};

export interface ParsedCsv {
  header: string[];
  /** Each record with its row number as a spreadsheet shows it (the header is row 1). */
  records: { row: number; cells: Record<string, string> }[];
}

/**
 * A CSV file read whole (an import is small: the route limits its size): the header row's names,
 * lower-cased, then every non-empty row. A file that is not CSV (binary, unbalanced quotes, rows
 * of another length than the header) is answered with `Invalid` saying where.
 */
export function parseCsv(file: Buffer, { field, maxRows }: { field: string; maxRows: number }): ParsedCsv {
  const bad = (message: string) => Invalid.fields({ [field]: [message] });
  if (file.includes(0)) throw bad('This is not a CSV file.');
  let rows: { record: string[]; info: { records: number; empty_lines: number } }[];
  try {
    rows = parse(file, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
      to: maxRows + 2,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw bad(`This is not a valid CSV file${line ? ` (line ${line})` : ''}: ${(error as Error).message.split(':')[0]}.`);
  }
  const [header, ...body] = rows;
  if (!header) throw bad('The file is empty.');
  if (body.length > maxRows) throw bad(`At most ${maxRows.toLocaleString('en')} rows at a time.`);
  const names = header.record.map((name) => name.trim().toLowerCase());
  return {
    header: names,
    records: body.map(({ record: cells, info }) => ({
      // As a spreadsheet numbers it: records and the empty lines skipped before (a quoted line break stays one row).
      row: info.records + info.empty_lines,
      cells: Object.fromEntries(names.map((name, column) => [name, cells[column] ?? ''])),
    })),
  };
}
