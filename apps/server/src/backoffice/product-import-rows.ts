import {
  MAX_STOCK,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  PRODUCT_IMPORT_FIELD,
  PRODUCT_STATUSES,
  SKU_PATTERN,
  priceInput,
  type ProductImportError,
  type ProductStatus,
} from '@portal/contracts';
import { cellText, type ParsedCsv } from '../core/csv.js';
import { Invalid } from '../core/domain-errors.js';

/**
 * One row of a product import, read and checked on its own (issue 28). `undefined`: the column is
 * not in the file (nothing changes); for a new product the defaults apply.
 */
export interface ImportLine {
  row: number;
  productId: number | null;
  variantId: number | null;
  name: string;
  category: string | undefined;
  status: ProductStatus | undefined;
  isAvailable: boolean | undefined;
  description: string | undefined;
  price: string;
  color: string | null;
  size: string | null;
  sku: string | undefined;
  /** null: the product's price. */
  variantPrice: string | null | undefined;
  stock: number;
}

const BOOLEANS: Record<string, boolean> = { true: true, yes: true, '1': true, false: false, no: false, '0': false };

/** The header's columns checked: the required ones there, no unknown or repeated one (a 400 otherwise). */
export function checkHeader(header: string[]): void {
  const bad = (message: string) => Invalid.fields({ [PRODUCT_IMPORT_FIELD]: [message] });
  const missing = PRODUCT_CSV_REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0) throw bad(`The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}.`);
  const unknown = header.filter((column) => !(PRODUCT_CSV_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0) throw bad(`Unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
  const twice = header.filter((column, index) => header.indexOf(column) !== index);
  if (twice.length > 0) throw bad(`The column ${twice[0]} is there twice.`);
}

/** Each row as an {@link ImportLine}, or the first thing wrong with it. */
export function readLines(csv: ParsedCsv): { lines: ImportLine[]; errors: ProductImportError[] } {
  const has = (column: string) => csv.header.includes(column);
  const lines: ImportLine[] = [];
  const errors: ProductImportError[] = [];
  for (const { row, cells } of csv.records) {
    const problems: string[] = [];
    const text = (column: string, max: number): string | undefined => {
      if (!has(column)) return undefined;
      const value = cellText(cells[column]);
      if (value.length > max) problems.push(`${column} is longer than ${max} characters.`);
      return value;
    };
    const id = (column: string): number | null => {
      const value = text(column, 12);
      if (!value) return null;
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
        problems.push(`${column} must be a whole number.`);
        return null;
      }
      return Number(value);
    };
    const price = (column: string): string | undefined => {
      const parsed = priceInput.safeParse(text(column, 20));
      if (!parsed.success) problems.push(`${column}: ${parsed.error.issues[0]?.message ?? 'Enter a price such as 19.90.'}`);
      return parsed.data;
    };

    const productId = id('product_id');
    const variantId = id('variant_id');
    if (variantId !== null && productId === null) problems.push('A row with a variant_id needs its product_id.');
    const name = text('name', 200) ?? '';
    if (!name) problems.push('name is empty.');
    const category = text('category', 50) || undefined;
    if (productId === null && !category) problems.push('A new product needs a category.');
    const statusText = text('status', 20)?.toLowerCase();
    const status = statusText ? (statusText as ProductStatus) : undefined;
    if (status && !PRODUCT_STATUSES.includes(status)) problems.push(`status must be one of: ${PRODUCT_STATUSES.join(', ')}.`);
    const available = text('is_available', 10)?.toLowerCase();
    const isAvailable = available ? BOOLEANS[available] : undefined;
    if (available && isAvailable === undefined) problems.push('is_available must be true or false.');
    const description = text('description', 500);
    const productPrice = price('price');
    const color = text('color', 50) || null;
    const size = text('size', 50) || null;
    const sku = text('sku', 64) || undefined;
    if (sku && !SKU_PATTERN.test(sku)) problems.push('sku: use letters, digits, dots, dashes and underscores only.');
    const variantPrice = has('variant_price') ? (cellText(cells.variant_price) ? price('variant_price') : null) : undefined;
    const stockText = text('stock', 12) ?? '';
    const stock = Number(stockText);
    if (!/^\d+$/.test(stockText) || stock > MAX_STOCK)
      problems.push(`stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en')}.`);

    if (problems.length > 0) {
      errors.push({ row, message: problems.join(' ') });
      continue;
    }
    lines.push({
      row,
      productId,
      variantId,
      name,
      category,
      status,
      isAvailable,
      description,
      price: productPrice!,
      color,
      size,
      sku,
      variantPrice,
      stock,
    });
  }
  return { lines, errors };
}

/** What a product's rows must agree on (each row repeats its product's fields). */
const productFields = (line: ImportLine) =>
  JSON.stringify([line.name, line.category?.toLowerCase(), line.status, line.isAvailable, line.description, Number(line.price)]);

/**
 * The rows by product: existing products by id (in id order, the order orders lock them in), new
 * ones by name. Rows of one product that disagree on its fields, a variant twice, a SKU twice or
 * a colour × size twice are errors.
 */
export function groupLines(lines: ImportLine[]): {
  existing: Map<number, ImportLine[]>;
  fresh: Map<string, ImportLine[]>;
  errors: ProductImportError[];
} {
  const existing = new Map<number, ImportLine[]>();
  const fresh = new Map<string, ImportLine[]>();
  const errors: ProductImportError[] = [];
  const seen = new Map<string, number>();
  const once = (key: string, line: ImportLine, what: string) => {
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row: line.row, message: `${what} is already in row ${first}.` });
      return false;
    }
    seen.set(key, line.row);
    return true;
  };
  for (const line of lines) {
    const product = line.productId === null ? `new:${line.name.toLowerCase()}` : `id:${line.productId}`;
    const combo = `${product}|${line.color?.toLowerCase() ?? ''}|${line.size?.toLowerCase() ?? ''}`;
    if (line.variantId !== null && !once(`variant:${line.variantId}`, line, `Variant ${line.variantId}`)) continue;
    if (!once(`combo:${combo}`, line, 'This colour and size of the product')) continue;
    if (line.sku && !once(`sku:${line.sku.toLowerCase()}`, line, `The SKU ${line.sku}`)) continue;
    const group =
      line.productId === null
        ? (fresh.get(line.name.toLowerCase()) ?? fresh.set(line.name.toLowerCase(), []).get(line.name.toLowerCase())!)
        : (existing.get(line.productId) ?? existing.set(line.productId, []).get(line.productId)!);
    const first = group[0];
    if (first && productFields(first) !== productFields(line)) {
      errors.push({
        row: line.row,
        message: `The product's fields (name, category, status, is_available, description, price) differ from row ${first.row}.`,
      });
      continue;
    }
    group.push(line);
  }
  return { existing: new Map([...existing].sort(([a], [b]) => a - b)), fresh, errors };
}
