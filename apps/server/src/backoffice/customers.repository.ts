import { and, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, backofficeAudit as audit, tabernaOrders as orders, tabernaProfiles } from '../db/schema/index.js';
import { containsPattern } from './list-page.js';

export interface CustomerQuery {
  search?: string;
  page_size: number;
  cursor?: number;
}

// Paid orders count (refunded ones too); what was spent leaves refunded ones out, and what was
// refunded of the others (issue 28: partial refunds).
const PAID = sql.raw(`('paid', 'partially_refunded', 'shipped', 'delivered', 'refunded')`);
const KEPT = sql.raw(`('paid', 'partially_refunded', 'shipped', 'delivered')`);

/**
 * One account's order totals, read per account from `taberna_orders_account_idx` (a lateral join:
 * only the page's accounts are aggregated, never all orders). Written out because inside a
 * one-table select Drizzle leaves column names unqualified, which the correlation would misread.
 */
const totalsOf = (db: Executor) =>
  db
    .select({
      ordersCount: sql<number>`count(*) filter (where "taberna_orders"."order_status" in ${PAID})::int`.as('orders_count'),
      totalSpent:
        sql<string>`coalesce(sum("taberna_orders"."order_total" - "taberna_orders"."refunded_total") filter (where "taberna_orders"."order_status" in ${KEPT}), 0)::numeric(14, 2)::text`.as(
          'total_spent',
        ),
      lastOrderAt: sql<
        string | null
      >`to_json(max("taberna_orders"."created_at") filter (where "taberna_orders"."order_status" in ${PAID})) #>> '{}'`.as(
        'last_order_at',
      ),
    })
    .from(orders)
    .where(sql`"taberna_orders"."account_id" = "accounts"."id"`)
    .as('totals');

export type CustomerRow = Awaited<ReturnType<ReturnType<typeof createCustomersRepository>['list']>>[number];

/** Customers as the back office reads them: accounts with their order totals, addresses and order notes. */
export function createCustomersRepository(db: Executor) {
  const withTotals = () => {
    const totals = totalsOf(db);
    return db
      .select({
        id: accounts.id,
        email: accounts.email,
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        createdAt: accounts.createdAt,
        ordersCount: totals.ordersCount,
        totalSpent: totals.totalSpent,
        lastOrderAt: totals.lastOrderAt,
      })
      .from(accounts)
      .leftJoinLateral(totals, sql`true`);
  };

  return {
    /** Newest account first, `page_size + 1` rows (the extra one says there is a next page). */
    list(query: CustomerQuery) {
      const pattern = query.search ? containsPattern(query.search) : undefined;
      return withTotals()
        .where(
          and(
            query.cursor ? lt(accounts.id, query.cursor) : undefined,
            pattern
              ? or(ilike(accounts.email, pattern), ilike(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`, pattern))
              : undefined,
          ),
        )
        .orderBy(desc(accounts.id))
        .limit(query.page_size + 1);
    },

    async customer(id: number) {
      const [row] = await withTotals().where(eq(accounts.id, id));
      return row;
    },

    async profile(accountId: number) {
      const [row] = await db.select().from(tabernaProfiles).where(eq(tabernaProfiles.accountId, accountId));
      return row;
    },

    /** The notes staff wrote on these orders (`order:{id}` in the audit log), newest first. */
    notesOn(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .select({ target: audit.target, actorEmail: audit.actorEmail, after: audit.after, createdAt: audit.createdAt })
        .from(audit)
        .where(
          and(
            eq(audit.action, 'order.note'),
            inArray(
              audit.target,
              orderIds.map((id) => `order:${id}`),
            ),
          ),
        )
        .orderBy(desc(audit.createdAt), desc(audit.id))
        .limit(200);
    },
  };
}
