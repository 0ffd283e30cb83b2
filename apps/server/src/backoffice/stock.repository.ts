import { aliasedTable, and, eq, sql, type SQL } from 'drizzle-orm';
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

const l = aliasedTable(ledger, 'l');

/** The list's filters other than the search, on the ledger or on its alias. */
function filtersOf(query: LedgerQuery, table: typeof ledger): SQL | undefined {
  return and(
    query.product_id ? eq(table.productId, query.product_id) : undefined,
    query.variant_id ? eq(table.variantId, query.variant_id) : undefined,
    query.kind ? eq(table.kind, query.kind) : undefined,
  );
}

/**
 * The ids of the ledger rows a search matches (issue 24): the rows of each kind of match, each from
 * its own index, then together (one OR across the joined tables would read the whole ledger, and
 * one OR of each kind's ids walks the whole ledger by date when few rows match). Each kind stops at
 * what the request needs, so a word in the names of 200 products does not read their 16,000 rows:
 * the page's newest rows in date order (the newest of each kind hold the newest of all), or any
 * `limit` rows to count; read in another order, every match.
 */
function matchingIds(query: LedgerQuery, need: 'page' | { limit: number }): SQL {
  const filters = filtersOf(query, l);
  const pattern = containsPattern(query.search ?? '');
  const byDate = /^-?created_at$/.test(query.ordering);
  const limit = need === 'page' ? (byDate ? offsetOf(query) + query.page_size : undefined) : need.limit;
  const order =
    need === 'page' && byDate
      ? sql.raw(query.ordering.startsWith('-') ? ' order by l.created_at desc, l.id desc' : ' order by l.created_at, l.id')
      : sql``;
  const also = filters ? sql` and ${filters}` : sql``;
  const kind = (match: SQL) =>
    sql`(select l.id from ${ledger} l where ${match}${also}${order}${limit === undefined ? sql`` : sql` limit ${limit}::int`})`;
  return sql`(${sql.join(
    [
      kind(sql`l.product_id in (select p.id from ${products} p where p.name ilike ${pattern})`),
      kind(sql`l.reason ilike ${pattern}`),
      kind(sql`l.actor_id in (select a.id from ${accounts} a where a.email ilike ${pattern})`),
      kind(sql`l.order_id in (select o.id from ${orders} o where o.order_number ilike ${pattern})`),
      kind(sql`l.variant_id in (select v.id from ${variants} v where v.sku ilike ${pattern})`),
    ],
    sql` union `,
  )})`;
}

/** The stock ledger as staff read it (changes themselves go through the variants repository). */
export function createStockRepository(db: Executor) {
  return {
    async list(query: LedgerQuery): Promise<Counted & { rows: BoLedgerRow[] }> {
      const filters = filtersOf(query, ledger);
      const where = query.search ? and(filters, sql`${ledger.id} in ${matchingIds(query, 'page')}`) : filters;
      const counted = await countUpTo(
        db,
        (limit) =>
          db
            .select({ one: sql`1` })
            .from(query.search ? sql`${matchingIds(query, { limit })} as ${sql.identifier('matching')}` : ledger)
            .where(query.search ? undefined : filters)
            .limit(limit)
            .as('counted'),
        query.search,
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
          // Looked up for the page's rows only (a join lets the planner read every order to hash them).
          actor: sql<string | null>`(select a.email from ${accounts} a where a.id = ${ledger.actorId})`,
          order_number: sql<string | null>`(select o.order_number from ${orders} o where o.id = ${ledger.orderId})`,
          createdAt: ledger.createdAt,
        })
        .from(ledger)
        .innerJoin(products, eq(products.id, ledger.productId))
        .leftJoin(variants, eq(variants.id, ledger.variantId))
        .leftJoin(colors, eq(colors.id, variants.colorId))
        .leftJoin(sizes, eq(sizes.id, variants.sizeId))
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
