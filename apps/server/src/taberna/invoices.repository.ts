import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { tabernaInvoiceCounters as counters, tabernaOrders as orders } from '../db/schema/index.js';

/**
 * Numbers, in one statement each, the paid orders that have no invoice yet (orders paid before
 * invoices existed, and the demo and scale seeds' orders): by the time they were paid (their
 * payment's, else the order's last change), per year in UTC, after the numbers that year already
 * has; then the counters catch up. The counters are locked first, so a payment waits meanwhile.
 * Migration 0020 runs the same SQL once.
 */
export const NUMBER_PAID_ORDERS_SQL = [
  sql`lock table taberna_invoice_counters in exclusive mode`,
  sql`with paid as (
      select o.id, coalesce(p.created_at, o.updated_at) as at
      from taberna_orders o left join taberna_payments p on p.order_id = o.id
      where o.payment_state = 'paid' and o.invoice_number is null
    ), numbered as (
      select id, at, extract(year from at at time zone 'UTC')::int as year,
             row_number() over (partition by extract(year from at at time zone 'UTC') order by at, id) as n
      from paid
    )
    update taberna_orders o
    set invoice_number = numbered.year || '-' || lpad((coalesce(c.last_number, 0) + numbered.n)::text, 6, '0'),
        invoice_date = numbered.at
    from numbered left join taberna_invoice_counters c on c.year = numbered.year
    where o.id = numbered.id`,
  sql`insert into taberna_invoice_counters as c (year, last_number)
    select split_part(invoice_number, '-', 1)::int, max(split_part(invoice_number, '-', 2)::int)
    from taberna_orders where invoice_number is not null group by 1
    on conflict (year) do update set last_number = greatest(c.last_number, excluded.last_number)`,
];

/** The only SQL about invoice numbers. */
export function createInvoicesRepository(db: Executor) {
  return {
    /**
     * Takes the next number of `year` (1 for its first): the counter row stays locked until the
     * caller's transaction ends, so concurrent payments take turns and a rollback gives it back.
     */
    async next(year: number): Promise<number> {
      const [row] = await db
        .insert(counters)
        .values({ year, lastNumber: 1 })
        .onConflictDoUpdate({ target: counters.year, set: { lastNumber: sql`${counters.lastNumber} + 1` } })
        .returning({ number: counters.lastNumber });
      return row!.number;
    },

    /** Writes the invoice on an order that has none; false when it had one already. */
    async set(orderId: number, invoiceNumber: string, invoiceDate: Date): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ invoiceNumber, invoiceDate })
        .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
        .returning({ id: orders.id });
      return rows.length === 1;
    },

    /** See `NUMBER_PAID_ORDERS_SQL`; run in a transaction of its own. */
    async numberPaidOrders(): Promise<void> {
      for (const statement of NUMBER_PAID_ORDERS_SQL) await db.execute(statement);
    },
  };
}
