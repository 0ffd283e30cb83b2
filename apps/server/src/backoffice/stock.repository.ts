import { aliasedTable, and, eq, sql } from 'drizzle-orm';
import type { BoLedgerRow } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import {
  accounts,
  tabernaOrders as orders,
  tabernaProductVariants as variants,
  tabernaProducts as products,
  tabernaStockLedger as ledger,
  tabernaVariations as variations,
} from '../db/schema/index.js';
import { containsPattern, countUpTo, offsetOf, orderBy, type Counted, type PageRequest } from './list-page.js';

export interface LedgerQuery extends PageRequest {
  search?: string;
  ordering: string;
  product_id?: number;
  variant_id?: number;
  kind?: BoLedgerRow['kind'];
}

const colors = aliasedTable(variations, 'ledger_color');
const sizes = aliasedTable(variations, 'ledger_size');

/** The stock ledger as staff read it (changes themselves go through the variants repository). */
export function createStockRepository(db: Executor) {
  return {
    async list(query: LedgerQuery): Promise<Counted & { rows: BoLedgerRow[] }> {
      const pattern = query.search ? containsPattern(query.search) : undefined;
      // Issue 24: the ledger rows of each kind of match, each from its own index, then together
      // (one OR across the joined tables would read the whole ledger).
      const matching = pattern
        ? sql`${ledger.id} in (
            select l.id from ${ledger} l where l.product_id in (select p.id from ${products} p where p.name ilike ${pattern})
            union select l.id from ${ledger} l where l.reason ilike ${pattern}
            union select l.id from ${ledger} l where l.actor_id in (select a.id from ${accounts} a where a.email ilike ${pattern})
            union select l.id from ${ledger} l where l.order_id in (select o.id from ${orders} o where o.order_number ilike ${pattern})
            union select l.id from ${ledger} l where l.variant_id in (select v.id from ${variants} v where v.sku ilike ${pattern}))`
        : undefined;
      const where = and(
        query.product_id ? eq(ledger.productId, query.product_id) : undefined,
        query.variant_id ? eq(ledger.variantId, query.variant_id) : undefined,
        query.kind ? eq(ledger.kind, query.kind) : undefined,
        matching,
      );
      const counted = await countUpTo(db, (limit) =>
        db
          .select({ one: sql`1` })
          .from(ledger)
          .where(where)
          .limit(limit)
          .as('counted'),
      );
      const rows = await db
        .select({
          id: ledger.id,
          product_id: ledger.productId,
          product_name: products.name,
          variant_id: ledger.variantId,
          sku: variants.sku,
          color: colors.value,
          size: sizes.value,
          delta: ledger.delta,
          reason: ledger.reason,
          kind: ledger.kind,
          stock_after: ledger.stockAfter,
          variant_stock_after: ledger.variantStockAfter,
          actor: accounts.email,
          order_number: orders.orderNumber,
          createdAt: ledger.createdAt,
        })
        .from(ledger)
        .innerJoin(products, eq(products.id, ledger.productId))
        .leftJoin(variants, eq(variants.id, ledger.variantId))
        .leftJoin(colors, eq(colors.id, variants.colorId))
        .leftJoin(sizes, eq(sizes.id, variants.sizeId))
        .leftJoin(accounts, eq(accounts.id, ledger.actorId))
        .leftJoin(orders, eq(orders.id, ledger.orderId))
        .where(where)
        .orderBy(
          ...orderBy(
            query.ordering,
            { created_at: ledger.createdAt, delta: ledger.delta, stock_after: ledger.stockAfter },
            ledger.id,
          ),
        )
        .limit(query.page_size)
        .offset(offsetOf(query));
      return {
        ...counted,
        rows: rows.map(({ createdAt, color, size, ...row }) => ({
          ...row,
          sku: row.sku ?? null,
          variant: row.variant_id === null ? null : [color, size].filter(Boolean).join(' / ') || row.sku,
          created_at: createdAt.toISOString(),
        })),
      };
    },
  };
}
