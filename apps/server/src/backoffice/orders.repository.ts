import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import {
  accounts,
  tabernaOrderLines as lines,
  tabernaOrderRefunds as refunds,
  tabernaOrders as orders,
  tabernaPayments as payments,
  type RefundedLine,
} from '../db/schema/index.js';
import { containsPattern, countUpTo, offsetOf, orderBy, type PageRequest } from './list-page.js';

export type BoOrderRow = typeof orders.$inferSelect;
export type BoOrderLine = typeof lines.$inferSelect;
export type BoPayment = typeof payments.$inferSelect;

export interface OrderQuery extends PageRequest {
  search?: string;
  ordering: string;
  status?: OrderStatus;
}

/** The orders export's filter: a status, and created at or after `from` and before `before`. */
export interface OrderExportFilter {
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
}

// Written out: inside a one-table select Drizzle leaves column names unqualified, which the subquery would misread.
const itemsCount = sql<number>`(select coalesce(sum(l.quantity), 0)::int from taberna_order_lines l where l.order_id = "taberna_orders"."id")`;

/** Orders as the back office reads them, and the guarded steps staff take them through. */
export function createBoOrdersRepository(db: Executor) {
  return {
    async list(query: OrderQuery) {
      const pattern = query.search ? containsPattern(query.search.replace(/^#/, '')) : undefined;
      const where = and(
        query.status ? eq(orders.orderStatus, query.status) : undefined,
        pattern
          ? or(
              ilike(orders.orderNumber, pattern),
              ilike(orders.email, pattern),
              ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
            )
          : undefined,
      );
      const counted = await countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(where),
        query.search,
      );
      const rows = await db
        .select({ order: orders, itemsCount, paymentId: payments.paymentId })
        .from(orders)
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .where(where)
        .orderBy(
          ...orderBy(
            query.ordering,
            {
              created_at: orders.createdAt,
              order_total: orders.orderTotal,
              order_number: orders.orderNumber,
              status: orders.orderStatus,
            },
            orders.id,
          ),
        )
        .limit(query.page_size)
        .offset(offsetOf(query));
      return { ...counted, rows };
    },

    /**
     * Issue 28: a page of the orders export, oldest first, after the keyset `after`: with a status
     * from `taberna_orders_status_created_idx`, without from `taberna_orders_created_idx`.
     */
    exportPage(filter: OrderExportFilter, after: { createdAt: string; id: number } | null, limit: number) {
      return (
        db
          // The keyset's time as text: a JavaScript date would lose the microseconds and repeat rows.
          .select({
            order: orders,
            itemsCount,
            paymentId: payments.paymentId,
            createdAtKey: sql<string>`${orders.createdAt}::text`,
          })
          .from(orders)
          .leftJoin(payments, eq(payments.orderId, orders.id))
          .where(
            and(
              filter.status ? eq(orders.orderStatus, filter.status) : undefined,
              filter.from ? gte(orders.createdAt, filter.from) : undefined,
              filter.before ? lt(orders.createdAt, filter.before) : undefined,
              after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt}::timestamptz, ${after.id})` : undefined,
            ),
          )
          .orderBy(asc(orders.createdAt), asc(orders.id))
          .limit(limit)
      );
    },

    /** Issue 28: a customer's newest orders, from `taberna_orders_account_idx`. */
    ofAccount(accountId: number, limit: number) {
      return db
        .select({ order: orders, itemsCount, paymentId: payments.paymentId })
        .from(orders)
        .leftJoin(payments, eq(payments.orderId, orders.id))
        .where(eq(orders.accountId, accountId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit);
    },

    async byId(id: number, lock = false): Promise<BoOrderRow | undefined> {
      const query = db.select().from(orders).where(eq(orders.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    linesOf(orderId: number): Promise<BoOrderLine[]> {
      return db.select().from(lines).where(eq(lines.orderId, orderId)).orderBy(asc(lines.id));
    },

    async paymentOf(orderId: number): Promise<BoPayment | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      return row;
    },

    /**
     * The step that makes each action happen once: the row changes only while it is in one of
     * `from`; of two concurrent calls, the second waits for the first's row lock, then finds
     * the status changed and updates nothing.
     */
    async step(
      id: number,
      from: OrderStatus[],
      set: Partial<
        Pick<
          BoOrderRow,
          | 'fulfilment'
          | 'tracking'
          | 'carrier'
          | 'shippedAt'
          | 'deliveredAt'
          | 'refundedAt'
          | 'refundId'
          | 'refundedTotal'
          | 'paymentState'
          | 'isOrdered'
        >
      >,
    ): Promise<BoOrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(orders.id, id), inArray(orders.orderStatus, from)))
        .returning();
      return row;
    },

    async setRefundId(id: number, refundId: string): Promise<void> {
      await db.update(orders).set({ refundId }).where(eq(orders.id, id));
    },

    /** Issue 28: how much of the payment went back; its status says `Refunded` once all of it did. */
    async markPaymentRefunded(orderId: number, amountRefunded: string, whole: boolean): Promise<void> {
      await db
        .update(payments)
        .set({ amountRefunded, ...(whole ? { status: 'Refunded' } : {}) })
        .where(eq(payments.orderId, orderId));
    },

    /** Issue 28: an order's refunds, oldest first, with the email of the staff member who made each. */
    refundsOf(orderId: number) {
      return db
        .select({ refund: refunds, actor: accounts.email })
        .from(refunds)
        .leftJoin(accounts, eq(accounts.id, refunds.actorId))
        .where(eq(refunds.orderId, orderId))
        .orderBy(asc(refunds.id));
    },

    async addRefund(row: {
      orderId: number;
      amount: string;
      lines: RefundedLine[];
      restocked: boolean;
      refundId: string;
      actorId: number;
    }): Promise<void> {
      await db.insert(refunds).values(row);
    },
  };
}
