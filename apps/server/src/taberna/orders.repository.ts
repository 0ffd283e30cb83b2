import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  tabernaCartItems as cartItems,
  tabernaCarts as carts,
  tabernaOrderLines as lines,
  tabernaOrders as orders,
  tabernaPayments as payments,
  tabernaProducts as products,
  tabernaStockLedger as stockLedger,
} from '../db/schema/index.js';
import { toIntArray } from './cart.repository.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof lines.$inferSelect;
export type NewOrderLine = typeof lines.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentState = 'pending' | 'paid' | 'cancelled' | 'expired';

/**
 * The quantity of each product among order lines, in product id order: stock is always taken and
 * given back in that order, so concurrent orders never deadlock on each other's product rows.
 */
export function quantitiesByProduct(orderLines: readonly { productId: number; quantity: number }[]): [number, number][] {
  const perProduct = new Map<number, number>();
  for (const line of orderLines) perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.quantity);
  return [...perProduct].sort(([a], [b]) => a - b);
}

/** The only SQL about orders, their lines, payments and stock. */
export function createOrdersRepository(db: Executor) {
  /** The stock ledger row of a reservation or release (issue 15): the shop itself is the actor. */
  async function writeLedger(
    productId: number,
    delta: number,
    stockAfter: number,
    kind: 'reservation' | 'release',
    orderId: number,
    why = 'Reserved by an order',
  ) {
    await db.insert(stockLedger).values({ productId, delta, stockAfter, kind, reason: why, orderId });
  }

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

    /**
     * Takes `quantity` off the product's stock if that much is there, in one statement: under
     * concurrent orders PostgreSQL re-checks the condition after the row lock, so stock never goes
     * below zero (and a CHECK constraint backs it up).
     */
    async reserveStock(productId: number, quantity: number, orderId: number): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, productId), eq(products.isAvailable, true), sql`${products.stock} >= ${quantity}`))
        .returning({ id: products.id, stock: products.stock });
      if (rows.length === 0) return false;
      await writeLedger(productId, -quantity, rows[0]!.stock, 'reservation', orderId);
      return true;
    },

    async releaseStock(productId: number, quantity: number, orderId: number, why: string): Promise<void> {
      const rows = await db
        .update(products)
        .set({ stock: sql`${products.stock} + ${quantity}`, updatedAt: new Date() })
        .where(eq(products.id, productId))
        .returning({ stock: products.stock });
      if (rows[0]) await writeLedger(productId, quantity, rows[0].stock, 'release', orderId, why);
    },

    async stockOf(productId: number): Promise<number> {
      const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      return row?.stock ?? 0;
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

    paidOf(accountId: number): Promise<OrderRow[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.paymentState, 'paid')))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
