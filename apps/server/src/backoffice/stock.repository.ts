import { and, eq, sql } from 'drizzle-orm';
import type { BoLedgerRow } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import {
  accounts,
  tabernaOrders as orders,
  tabernaProducts as products,
  tabernaStockLedger as ledger,
} from '../db/schema/index.js';
import { containsPattern, countUpTo, offsetOf, orderBy, type Counted, type PageRequest } from './list-page.js';

export interface LedgerQuery extends PageRequest {
  search?: string;
  ordering: string;
  product_id?: number;
  kind?: BoLedgerRow['kind'];
}

/** Stock changes made by staff, each written to the ledger in the same statement's transaction. */
export function createStockRepository(db: Executor) {
  return {
    /**
     * Adds `delta` (may be negative) unless that would take stock below zero; one statement, so
     * concurrent orders and adjustments never lose an update. Undefined: no such product, or too few.
     */
    async adjust(
      productId: number,
      delta: number,
      entry: { kind: 'adjustment' | 'correction'; reason: string; actorId: number },
    ): Promise<number | undefined> {
      const [row] = await db
        .update(products)
        .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), sql`${products.stock} + ${delta} >= 0`))
        .returning({ stock: products.stock });
      if (!row) return undefined;
      await db.insert(ledger).values({ productId, delta, stockAfter: row.stock, ...entry });
      return row.stock;
    },

    /** Initial stock of a new product, as one ledger row. */
    async record(productId: number, delta: number, stockAfter: number, reason: string, actorId: number): Promise<void> {
      await db.insert(ledger).values({ productId, delta, stockAfter, kind: 'adjustment', reason, actorId });
    },

    async list(query: LedgerQuery): Promise<Counted & { rows: BoLedgerRow[] }> {
      const pattern = query.search ? containsPattern(query.search) : undefined;
      // Issue 24: the ledger rows of each kind of match, each from its own index, then together
      // (one OR across the joined tables would read the whole ledger).
      const matching = pattern
        ? sql`${ledger.id} in (
            select l.id from ${ledger} l where l.product_id in (select p.id from ${products} p where p.name ilike ${pattern})
            union select l.id from ${ledger} l where l.reason ilike ${pattern}
            union select l.id from ${ledger} l where l.actor_id in (select a.id from ${accounts} a where a.email ilike ${pattern})
            union select l.id from ${ledger} l where l.order_id in (select o.id from ${orders} o where o.order_number ilike ${pattern}))`
        : undefined;
      const where = and(
        query.product_id ? eq(ledger.productId, query.product_id) : undefined,
        query.kind ? eq(ledger.kind, query.kind) : undefined,
        matching,
      );
      const base = () =>
        db
          .select({
            id: ledger.id,
            product_id: ledger.productId,
            product_name: products.name,
            delta: ledger.delta,
            reason: ledger.reason,
            kind: ledger.kind,
            stock_after: ledger.stockAfter,
            actor: accounts.email,
            order_number: orders.orderNumber,
            createdAt: ledger.createdAt,
          })
          .from(ledger)
          .innerJoin(products, eq(products.id, ledger.productId))
          .leftJoin(accounts, eq(accounts.id, ledger.actorId))
          .leftJoin(orders, eq(orders.id, ledger.orderId));
      const counted = await countUpTo(db, (limit) =>
        db
          .select({ one: sql`1` })
          .from(ledger)
          .where(where)
          .limit(limit)
          .as('counted'),
      );
      const rows = await base()
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
        rows: rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
      };
    },
  };
}
