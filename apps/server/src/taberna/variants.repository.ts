import { aliasedTable, and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  type STOCK_LEDGER_KINDS,
  tabernaProductVariants as variants,
  tabernaProducts as products,
  tabernaStockLedger as ledger,
  tabernaVariations as variations,
} from '../db/schema/index.js';

export type VariantRow = typeof variants.$inferSelect;
/** A variant with the values of its colour and size. */
export type VariantView = VariantRow & { color: string | null; size: string | null };

const colors = aliasedTable(variations, 'variant_color');
const sizes = aliasedTable(variations, 'variant_size');
const viewColumns = { variant: variants, color: colors.value, size: sizes.value };

/** One part of a SKU: the value in capitals, anything but letters and digits a dash. */
const skuPart = (value: string | null) => {
  const part = (value ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return part ? `-${part}` : '';
};

/** The SKU a new variant gets (`P12-BLUE-L`); staff may change it. */
export const skuOf = (productId: number, color: string | null, size: string | null) =>
  `P${productId}${skuPart(color)}${skuPart(size)}`.slice(0, 56);

/**
 * `total` shared out among `count` variants: each gets total / count, the first total % count one
 * more (the migration of existing products does the same in SQL).
 */
export function evenShares(total: number, count: number): number[] {
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) => base + (index < total % count ? 1 : 0));
}

export interface StockEntry {
  kind: (typeof STOCK_LEDGER_KINDS)[number];
  reason: string;
  actorId?: number | null;
  orderId?: number | null;
}

/**
 * The variants of products and their stock (issue 25). Every change of stock locks the product's
 * row first (`lockProduct`), then changes a variant, then sets the product's stock to the sum of
 * its active variants' — products in id order, variants after their product — so concurrent orders
 * and staff never deadlock and the product's stock is always that sum.
 */
export function createVariantsRepository(db: Executor) {
  const select = () =>
    db
      .select(viewColumns)
      .from(variants)
      .leftJoin(colors, eq(colors.id, variants.colorId))
      .leftJoin(sizes, eq(sizes.id, variants.sizeId));
  const view = (row: { variant: VariantRow; color: string | null; size: string | null }): VariantView => ({
    ...row.variant,
    color: row.color,
    size: row.size,
  });

  async function skuTaken(sku: string, exceptId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: variants.id })
      .from(variants)
      .where(and(sql`lower(${variants.sku}) = lower(${sku})`, ne(variants.id, exceptId)));
    return row !== undefined;
  }

  /** Sets the product's stock to the sum of its active variants' stock and answers it. */
  async function sumIntoProduct(productId: number): Promise<number> {
    const [row] = await db
      .update(products)
      .set({
        stock: sql`(select coalesce(sum(v.stock), 0)::int from ${variants} v where v.product_id = ${productId} and v.is_active)`,
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId))
      .returning({ stock: products.stock });
    return row?.stock ?? 0;
  }

  return {
    skuTaken,
    sumIntoProduct,

    /** A product's variants (the active ones unless told), in the order its colours and sizes were added. */
    async ofProduct(productId: number, { activeOnly = true } = {}): Promise<VariantView[]> {
      const rows = await select()
        .where(and(eq(variants.productId, productId), activeOnly ? eq(variants.isActive, true) : undefined))
        .orderBy(sql`${variants.colorId} asc nulls first`, sql`${variants.sizeId} asc nulls first`);
      return rows.map(view);
    },

    async byId(variantId: number): Promise<VariantView | undefined> {
      const [row] = await select().where(eq(variants.id, variantId));
      return row ? view(row) : undefined;
    },

    async update(variantId: number, values: { sku?: string; price?: string | null }): Promise<void> {
      await db
        .update(variants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(variants.id, variantId));
    },

    /**
     * Makes the product's active variants exactly one per active colour × active size (a colour or
     * size list that is empty counts as "none"): missing ones are made with no stock (or, for a new
     * product, `initialStock` shared out evenly), others kept, the rest made inactive with their
     * stock. Answers the variants made. The caller holds the product's row lock.
     */
    async sync(productId: number, initialStock = 0): Promise<VariantRow[]> {
      const options = await db
        .select({ id: variations.id, category: variations.category, value: variations.value })
        .from(variations)
        .where(and(eq(variations.productId, productId), eq(variations.isActive, true)))
        .orderBy(asc(variations.id));
      const of = (category: string) => {
        const found = options.filter((option) => option.category === category);
        return found.length > 0 ? found : [null];
      };
      const wanted = of('color').flatMap((color) => of('size').map((size) => ({ color, size })));
      const existing = await db.select().from(variants).where(eq(variants.productId, productId));
      const same = (row: VariantRow, combo: (typeof wanted)[number]) =>
        row.colorId === (combo.color?.id ?? null) && row.sizeId === (combo.size?.id ?? null);
      const kept = existing.filter((row) => wanted.some((combo) => same(row, combo)));
      const missing = wanted.filter((combo) => !existing.some((row) => same(row, combo)));
      const shares = kept.length === 0 ? evenShares(initialStock, missing.length) : missing.map(() => 0);

      if (kept.length > 0) {
        await db
          .update(variants)
          .set({ isActive: true, updatedAt: new Date() })
          .where(
            inArray(
              variants.id,
              kept.map((row) => row.id),
            ),
          );
      }
      await db
        .update(variants)
        .set({ isActive: false, updatedAt: new Date() })
        .where(
          and(
            eq(variants.productId, productId),
            eq(variants.isActive, true),
            kept.length > 0
              ? notInArray(
                  variants.id,
                  kept.map((row) => row.id),
                )
              : undefined,
          ),
        );
      const made: VariantRow[] = [];
      for (const [index, combo] of missing.entries()) {
        const base = skuOf(productId, combo.color?.value ?? null, combo.size?.value ?? null);
        let sku = base;
        for (let n = 2; await skuTaken(sku, 0); n += 1) sku = `${base}-${n}`;
        const [row] = await db
          .insert(variants)
          .values({ productId, colorId: combo.color?.id ?? null, sizeId: combo.size?.id ?? null, sku, stock: shares[index]! })
          .returning();
        made.push(row!);
      }
      await sumIntoProduct(productId);
      return made;
    },

    /** Locks a product's row for a change of its stock; undefined when there is no such product. */
    async lockProduct(productId: number) {
      const [row] = await db
        .select({ id: products.id, stock: products.stock, isAvailable: products.isAvailable, status: products.status })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      return row;
    },

    /**
     * Adds `delta` (may be negative) to a variant of a product whose row the caller has locked,
     * unless the result leaves [0, `max`] (a decrease is always allowed while it stays at or above
     * 0) or, with `activeOnly`, the variant is not sold; then writes the product's new stock and
     * the ledger row. Undefined when nothing changed.
     */
    async move(
      productId: number,
      variantId: number,
      delta: number,
      entry: StockEntry,
      { activeOnly = false, max }: { activeOnly?: boolean; max?: number } = {},
    ): Promise<{ stock: number; variantStock: number } | undefined> {
      const [row] = await db
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${delta}`, updatedAt: new Date() })
        .where(
          and(
            eq(variants.id, variantId),
            eq(variants.productId, productId),
            activeOnly ? eq(variants.isActive, true) : undefined,
            // In bigint: a stock near what the column holds plus a delta must not overflow before it is compared.
            sql`${variants.stock}::bigint + ${delta} >= 0`,
            delta > 0 && max !== undefined ? sql`${variants.stock}::bigint + ${delta} <= ${max}` : undefined,
          ),
        )
        .returning({ stock: variants.stock });
      if (!row) return undefined;
      const stock = await sumIntoProduct(productId);
      await db.insert(ledger).values({
        productId,
        variantId,
        delta,
        stockAfter: stock,
        variantStockAfter: row.stock,
        kind: entry.kind,
        reason: entry.reason,
        actorId: entry.actorId ?? null,
        orderId: entry.orderId ?? null,
      });
      return { stock, variantStock: row.stock };
    },
  };
}

export type VariantsRepository = ReturnType<typeof createVariantsRepository>;

/**
 * Quantities per variant, in product id then variant id order: stock is always taken and given
 * back in that order (the products' row locks first), so concurrent orders never deadlock.
 */
export function quantitiesByVariant(
  lines: readonly { productId: number; variantId: number | null; quantity: number }[],
): { productId: number; variantId: number; quantity: number }[] {
  const per = new Map<number, { productId: number; variantId: number; quantity: number }>();
  for (const line of lines) {
    if (line.variantId === null) continue;
    const found = per.get(line.variantId);
    if (found) found.quantity += line.quantity;
    else per.set(line.variantId, { productId: line.productId, variantId: line.variantId, quantity: line.quantity });
  }
  return [...per.values()].sort((a, b) => a.productId - b.productId || a.variantId - b.variantId);
}
