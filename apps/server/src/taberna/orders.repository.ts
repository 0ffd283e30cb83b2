import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  tabernaCartItems as cartItems,
  tabernaCarts as carts,
  tabernaOrderLines as lines,
  tabernaOrderRefunds as refunds,
  tabernaOrders as orders,
  tabernaPayments as payments,
} from '../db/schema/index.js';
import { toIntArray } from './cart.repository.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof lines.$inferSelect;
export type NewOrderLine = typeof lines.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type PaymentState = 'pending' | 'paid' | 'cancelled' | 'expired';

/** The only SQL about orders, their lines and payments (stock moves are the variants repository's). */
export function createOrdersRepository(db: Executor) {
  return {
    async insertOrder(order: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(orders).values(order).returning();
      return row!;
    },

    async setOrderNumber(orderId: number, orderNumber: string): Promise<void> {
      await db.update(orders).set({ orderNumber }).where(eq(orders.id, orderId));
    },

    async insertLines(rows: NewOrderLine[]): Promise<void> {
      if (rows.length > 0) await db.insert(lines).values(rows);
    },

    async attachSession(orderId: number, sessionId: string): Promise<void> {
      await db.update(orders).set({ sessionId, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },

    /** Writes down a card charge before the order completes, so a crash in between loses nothing. */
    async recordCharge(orderId: number, chargeId: string): Promise<void> {
      await db.update(orders).set({ chargeId, updatedAt: new Date() }).where(eq(orders.id, orderId));
    },

    /** Unpaid orders whose card was charged: a crash came between the charge and the completion. */
    pendingCharged(limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.paymentState, 'pending'), isNotNull(orders.chargeId)))
        .orderBy(asc(orders.id))
        .limit(limit);
    },

    async byId(orderId: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      return row;
    },

    /** The account's order of that number (issue 28: its invoice); undefined for another's or none. */
    async ofAccountByNumber(accountId: number, orderNumber: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), eq(orders.accountId, accountId)));
      return row;
    },

    async bySession(sessionId: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.sessionId, sessionId));
      return row;
    },

    /** Moves an order between payment states only if it is in one of `from`: the guard that makes each step happen once. */
    async transition(orderId: number, from: PaymentState[], to: PaymentState): Promise<OrderRow | undefined> {
      const [row] = await db
        .update(orders)
        .set({ paymentState: to, isOrdered: to === 'paid', updatedAt: new Date() })
        .where(and(eq(orders.id, orderId), inArray(orders.paymentState, from)))
        .returning();
      return row;
    },

    linesOf(orderIds: number[]): Promise<OrderLineRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.select().from(lines).where(inArray(lines.orderId, orderIds)).orderBy(asc(lines.id));
    },

    async markLinesOrdered(orderId: number): Promise<void> {
      await db.update(lines).set({ ordered: true }).where(eq(lines.orderId, orderId));
    },

    async insertPayment(payment: typeof payments.$inferInsert): Promise<void> {
      await db.insert(payments).values(payment);
    },

    paymentsOf(orderIds: number[]): Promise<PaymentRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.select().from(payments).where(inArray(payments.orderId, orderIds));
    },

    /** Issue 28: the orders' refunds, oldest first (from `taberna_order_refunds_order_idx`). */
    refundsOf(orderIds: number[]): Promise<RefundRow[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id));
    },

    /** Takes what was bought out of the customer's cart; lines added since stay (no account: deleted, no cart). */
    async removeFromCart(
      accountId: number | null,
      ordered: Pick<OrderLineRow, 'productId' | 'variationIds' | 'quantity'>[],
    ): Promise<void> {
      if (accountId === null) return;
      const cart = db.select({ id: carts.id }).from(carts).where(eq(carts.accountId, accountId));
      for (const line of ordered) {
        const same = and(
          inArray(cartItems.cartId, cart),
          eq(cartItems.productId, line.productId),
          sql`${cartItems.variationIds} = ${toIntArray(line.variationIds)}`,
        );
        await db.delete(cartItems).where(and(same, sql`${cartItems.quantity} <= ${line.quantity}`));
        await db
          .update(cartItems)
          .set({ quantity: sql`${cartItems.quantity} - ${line.quantity}` })
          .where(same);
      }
    },

    pendingOf(accountId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.paymentState, 'pending')));
    },

    pendingExpiredBy(moment: Date, limit: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.paymentState, 'pending'), lte(orders.expiresAt, moment)))
        .orderBy(asc(orders.expiresAt))
        .limit(limit);
    },

    /**
     * The customer's paid orders, newest first: all of them (contract §8.15), or `page.size` of them
     * older than the order `page.before` (issue 24: keyset on the customer's `(account_id, created_at)` index).
     */
    paidOf(accountId: number, page?: { size: number; before: number | undefined }): Promise<OrderRow[]> {
      const older = page?.before
        ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${page.before} and o.account_id = ${accountId})`
        : undefined;
      const query = db
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.paymentState, 'paid'), older))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return page ? query.limit(page.size) : query;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
