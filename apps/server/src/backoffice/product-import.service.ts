import {
  MAX_STOCK,
  PRODUCT_IMPORT_FIELD,
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductImportError,
  type ProductImportResult,
} from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import { parseCsv } from '../core/csv.js';
import type { Executor } from '../db/client.js';
import { createVariantsRepository, type VariantView } from '../taberna/index.js';
import type { AuditedActions } from './audit-trail.js';
import { createBoCatalogueRepository, type ProductRow } from './catalogue.repository.js';
import { freeSlug } from './catalogue.service.js';
import { checkHeader, groupLines, readLines, type ImportLine } from './product-import-rows.js';

const REASON = 'CSV import';
const sameMoney = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));
const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
const variantOf = (variants: VariantView[], line: ImportLine) =>
  variants.find((v) => same(v.color, line.color) && same(v.size, line.size));

type Grouped = Pick<ReturnType<typeof groupLines>, 'existing' | 'fresh'>;

/** Thrown to roll the import's transaction back (a dry run, or a file with errors) with what it found. */
class RolledBack extends Error {
  constructor(readonly result: ProductImportResult) {
    super('rolled back');
  }
}

/**
 * Issue 28: the product import (ADR 029). Every row is checked and applied in one transaction —
 * products in id order, each locked as orders lock them, stock changes in the ledger with the
 * reason "CSV import" and the staff member — and the transaction is rolled back when it is a dry
 * run or any row has an error: a file is imported whole or not at all.
 */
export function createProductImportService(audited: AuditedActions) {
  async function apply(tx: Executor, actor: AuthUser, grouped: Grouped, errors: ProductImportError[]) {
    const repo = createBoCatalogueRepository(tx);
    const variants = createVariantsRepository(tx);
    const fail = (line: ImportLine, message: string) => void errors.push({ row: line.row, message });
    const categories = new Map<string, number | undefined>();
    const categoryId = async (name: string) => {
      const key = name.toLowerCase();
      if (!categories.has(key)) categories.set(key, (await repo.categoryNamed(name))?.id);
      return categories.get(key);
    };
    let created = 0;
    let updated = 0;
    const touched: number[] = [];

    /** Sets a variant's SKU, own price and stock from its row; true when something changed. */
    async function setVariant(productId: number, variant: VariantView, line: ImportLine, kind: 'correction' | 'adjustment') {
      let changed = false;
      if (line.sku !== undefined && line.sku !== variant.sku) {
        if (await variants.skuTaken(line.sku, variant.id)) return fail(line, `The SKU ${line.sku} is taken by another variant.`);
        await variants.update(variant.id, { sku: line.sku });
        changed = true;
      }
      if (line.variantPrice !== undefined && !sameMoney(line.variantPrice, variant.price)) {
        await variants.update(variant.id, { price: line.variantPrice });
        changed = true;
      }
      if (line.stock !== variant.stock) {
        const delta = line.stock - variant.stock;
        const entry = { kind, reason: REASON, actorId: actor.accountId };
        if (!(await variants.move(productId, variant.id, delta, entry, { max: MAX_STOCK })))
          return fail(line, `stock must be from 0 to ${MAX_STOCK}.`);
        changed = true;
      }
      return changed;
    }

    /** The product's own fields from its first row; true when something changed. */
    async function setProduct(row: ProductRow, line: ImportLine) {
      const values: Parameters<typeof repo.updateProduct>[1] = {};
      if (line.category !== undefined && !same(line.category, row.categoryName)) {
        const id = await categoryId(line.category);
        if (id === undefined) return fail(line, `No category named ${line.category}.`);
        values.categoryId = id;
      }
      if (line.name !== row.name) values.name = line.name;
      if (!sameMoney(line.price, row.price)) values.price = line.price;
      if (line.description !== undefined && line.description !== row.description) values.description = line.description;
      if (line.status !== undefined && line.status !== row.status) values.status = line.status;
      if (line.isAvailable !== undefined && line.isAvailable !== row.isAvailable) values.isAvailable = line.isAvailable;
      if (Object.keys(values).length === 0) return false;
      await repo.updateProduct(row.id, values);
      return true;
    }

    /** New colours or sizes of the rows added to the product's own, and their variants made. */
    async function addOptions(productId: number, fresh: ImportLine[]): Promise<boolean> {
      const options = await repo.variationsOf(productId);
      for (const category of ['color', 'size'] as const) {
        const values = options.filter((o) => o.category === category).map((o) => o.value);
        for (const line of fresh) {
          const value = line[category];
          if (value && !values.some((v) => same(v, value))) values.push(value);
        }
        if (values.length > 30) {
          fresh.forEach((line) => fail(line, `A product has at most 30 ${category === 'color' ? 'colours' : 'sizes'}.`));
          return false;
        }
        await repo.setVariations(productId, category, values);
      }
      await variants.sync(productId);
      return true;
    }

    for (const [productId, group] of grouped.existing) {
      if (!(await variants.lockProduct(productId))) {
        group.forEach((line) => fail(line, `No product ${productId}.`));
        continue;
      }
      const row = (await repo.product(productId))!;
      const active = await variants.ofProduct(productId);
      const productChanged = await setProduct(row, group[0]!);
      const known = group.filter((line) => line.variantId !== null);
      const fresh = group.filter((line) => line.variantId === null);
      for (const line of known) {
        const variant = active.find((v) => v.id === line.variantId);
        if (!variant) {
          fail(line, `No variant ${line.variantId} of product ${productId} (or it is no longer sold).`);
          continue;
        }
        if (!same(variant.color, line.color) || !same(variant.size, line.size)) {
          fail(line, "A variant's colour and size are changed in the product editor, not by import.");
          continue;
        }
        const changed = await setVariant(productId, variant, line, 'correction');
        if (changed || productChanged) updated += 1;
      }
      const hasColors = active.some((v) => v.color !== null);
      const hasSizes = active.some((v) => v.size !== null);
      const fits = fresh.filter((line) => {
        const taken = variantOf(active, line);
        if (taken) fail(line, `Product ${productId} already has this colour and size: give its variant_id (${taken.id}).`);
        else if ((line.color !== null) !== hasColors || (line.size !== null) !== hasSizes)
          fail(
            line,
            `Give ${hasColors ? 'a' : 'no'} colour and ${hasSizes ? 'a' : 'no'} size, as the product's other variants have.`,
          );
        else return true;
        return false;
      });
      if (fits.length > 0 && (await addOptions(productId, fits))) {
        const after = await variants.ofProduct(productId);
        for (const line of fits) {
          await setVariant(productId, variantOf(after, line)!, line, 'adjustment');
          created += 1;
        }
      }
      touched.push(productId);
    }

    for (const group of grouped.fresh.values()) {
      const first = group[0]!;
      const category = await categoryId(first.category!);
      if (category === undefined) {
        group.forEach((line) => fail(line, `No category named ${first.category}.`));
        continue;
      }
      const withColor = group.filter((line) => line.color !== null).length;
      const withSize = group.filter((line) => line.size !== null).length;
      if ((withColor !== 0 && withColor !== group.length) || (withSize !== 0 && withSize !== group.length)) {
        group.forEach((line) => fail(line, 'Either every row of a new product has a colour (and a size) or none has.'));
        continue;
      }
      const id = await repo.insertProduct({
        categoryId: category,
        name: first.name,
        slug: await freeSlug(repo, 'product', first.name, 200),
        description: first.description ?? '',
        price: first.price,
        stock: 0,
        isAvailable: first.isAvailable ?? true,
        status: first.status ?? 'active',
      });
      await addOptions(id, group);
      const made = await variants.ofProduct(id);
      for (const line of group) {
        await setVariant(id, variantOf(made, line)!, line, 'adjustment');
        created += 1;
      }
      touched.push(id);
    }
    return { created, updated, touched };
  }

  return {
    /** Reads the file, then imports it whole, or (dry run, or any error) tells what it would do and writes nothing. */
    async importFile(actor: AuthUser, file: Buffer, fileName: string, dryRun: boolean): Promise<ProductImportResult> {
      const csv = parseCsv(file, { field: PRODUCT_IMPORT_FIELD, maxRows: PRODUCT_IMPORT_MAX_ROWS });
      checkHeader(csv.header);
      const read = readLines(csv);
      const grouped = groupLines(read.lines);
      const errors = [...read.errors, ...grouped.errors];
      try {
        return await audited(actor, async (tx, record) => {
          const { created, updated, touched } = await apply(tx, actor, grouped, errors);
          errors.sort((a, b) => a.row - b.row);
          const result = { created, updated, errors, dry_run: dryRun, applied: false };
          if (dryRun || errors.length > 0) throw new RolledBack(result);
          await record({
            action: 'product.import',
            target: 'products',
            targetLabel: fileName || 'products.csv',
            after: { file: fileName, rows: csv.records.length, created, updated, products: touched.slice(0, 1000) },
          });
          return { ...result, applied: true };
        });
      } catch (error) {
        if (error instanceof RolledBack) return error.result;
        throw error;
      }
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
