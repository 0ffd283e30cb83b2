import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import {
  tabernaCartItems as cartItems,
  tabernaCarts as carts,
  tabernaOrderLines as lines,
  tabernaOrders as orders,
  tabernaProducts as products,
  tabernaProfiles as profiles,
  tabernaReviews as reviews,
  tabernaOrderRefunds as orderRefunds,
  tabernaStockLedger as stockLedger,
} from '../db/schema/index.js';

/** A customer's shop data (issue 26): read for the export; erased or, for orders, anonymised. */
export function createShopDataRepository(db: Executor) {
  return {
    async count(accountId: number): Promise<number> {
      const rows = await rowsOf<{ n: string }>(
        db,
        sql`select
        (select count(*) from ${profiles} where account_id = ${accountId})
        + (select count(*) from ${reviews} where account_id = ${accountId})
        + (select count(*) from ${orders} where account_id = ${accountId})
        + (select count(*) from ${lines} l join ${orders} o on o.id = l.order_id where o.account_id = ${accountId})
        + (select count(*) from ${cartItems} i join ${carts} c on c.id = i.cart_id where c.account_id = ${accountId}) as n`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    async profile(accountId: number) {
      const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId));
      return row;
    },

    reviews(accountId: number) {
      return db
        .select({
          product: products.name,
          subject: reviews.subject,
          review: reviews.review,
          rating: reviews.rating,
          createdAt: reviews.createdAt,
          updatedAt: reviews.updatedAt,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.accountId, accountId))
        .orderBy(asc(reviews.createdAt));
    },

    cart(accountId: number) {
      return db
        .select({ product: products.name, quantity: cartItems.quantity, addedAt: cartItems.createdAt })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(carts.accountId, accountId))
        .orderBy(asc(cartItems.id));
    },

    ordersPage(accountId: number, after: { at: Date; id: number } | undefined, limit: number) {
      return db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.accountId, accountId),
            after ? or(gt(orders.createdAt, after.at), and(eq(orders.createdAt, after.at), gt(orders.id, after.id))) : undefined,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
    },

    /** The account's orders still waiting for payment (their stock is given back before they are anonymised). */
    async pendingOrderIds(accountId: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), eq(orders.paymentState, 'pending')))
        .orderBy(asc(orders.id));
      return rows.map((row) => row.id);
    },

    /**
     * Keeps the orders for the shop's accounts (amounts, lines, dates, status, the country for the
     * tax) and drops who placed them: the account, the name, email, phone, street and delivery addresses, postal code, note and address it was placed from.
     */
    async anonymiseOrders(accountId: number): Promise<void> {
      await db
        .update(orders)
        .set({
          accountId: null,
          firstName: '',
          lastName: '',
          email: '',
          phone: '',
          addressLine1: '',
          addressLine2: '',
          city: '',
          state: '',
          postalCode: '',
          shippingAddress: null,
          orderNote: '',
          ip: '',
          tracking: null,
          updatedAt: new Date(),
        })
        .where(eq(orders.accountId, accountId));
    },

    async deleteCustomer(accountId: number): Promise<void> {
      await db.delete(reviews).where(eq(reviews.accountId, accountId));
      await db.delete(carts).where(eq(carts.accountId, accountId));
      await db.delete(profiles).where(eq(profiles.accountId, accountId));
      // Staff who adjusted stock: the ledger keeps the change, not who made it.
      await db
        .update(stockLedger)
        .set({ actorId: null })
        .where(and(isNotNull(stockLedger.actorId), eq(stockLedger.actorId, accountId)));
      // Issue 28: so do the refunds staff made.
      await db
        .update(orderRefunds)
        .set({ actorId: null })
        .where(and(isNotNull(orderRefunds.actorId), eq(orderRefunds.actorId, accountId)));
    },
  };
}
