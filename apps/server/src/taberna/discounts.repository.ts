import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { tabernaCarts as carts, tabernaDiscounts as discounts, tabernaOrders as orders } from '../db/schema/index.js';
import type { DiscountRow } from './discount-rules.js';

export type NewDiscount = Omit<typeof discounts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** How many orders hold a code: paid (`used`) and placed, waiting for payment (`reserved`). */
export interface DiscountUses {
  used: number;
  reserved: number;
}

/** Orders that hold a use of their code: waiting for payment or paid (cancelled and expired ones gave it back). */
const HOLDING = sql.raw(`('pending', 'paid')`);

/** Issue 28: discount codes and their uses, counted from the orders that hold them (decision 026). */
export function createDiscountsRepository(db: Executor) {
  return {
    async byId(id: number): Promise<DiscountRow | undefined> {
      const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
      return row;
    },

    /** The code whatever its case (served by the unique index on lower(code)). */
    async byCode(code: string): Promise<DiscountRow | undefined> {
      const [row] = await db
        .select()
        .from(discounts)
        .where(sql`lower(${discounts.code}) = lower(${code})`);
      return row;
    },

    /**
     * The code, locked until the transaction ends: placements with the same code take turns, so each
     * counts the uses the one before it left (the usage limit holds however many buyers race).
     */
    async lockById(id: number): Promise<DiscountRow | undefined> {
      const [row] = await db.select().from(discounts).where(eq(discounts.id, id)).for('update');
      return row;
    },

    /** Orders holding the code (pending or paid), all and this account's, other than `exceptOrderId`. */
    async held(id: number, accountId: number | null, exceptOrderId = 0): Promise<{ held: number; heldByCustomer: number }> {
      const [row] = await db
        .select({
          held: sql<number>`count(*)::int`,
          heldByCustomer: sql<number>`count(*) filter (where ${orders.accountId} = ${accountId ?? 0}::integer)::int`,
        })
        .from(orders)
        .where(and(eq(orders.discountId, id), sql`${orders.paymentState} in ${HOLDING}`, sql`${orders.id} <> ${exceptOrderId}`));
      return { held: row?.held ?? 0, heldByCustomer: row?.heldByCustomer ?? 0 };
    },

    /** The uses of these codes, by id (codes without orders are absent). */
    async usesOf(ids: number[]): Promise<Map<number, DiscountUses>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: orders.discountId,
          used: sql<number>`count(*) filter (where ${orders.paymentState} = 'paid')::int`,
          reserved: sql<number>`count(*) filter (where ${orders.paymentState} = 'pending')::int`,
        })
        .from(orders)
        .where(and(inArray(orders.discountId, ids), sql`${orders.paymentState} in ${HOLDING}`))
        .groupBy(orders.discountId);
      return new Map(rows.map((row) => [row.id!, { used: row.used, reserved: row.reserved }]));
    },

    async insert(values: NewDiscount): Promise<number> {
      const [row] = await db.insert(discounts).values(values).returning({ id: discounts.id });
      return row!.id;
    },

    async update(id: number, values: Partial<NewDiscount>): Promise<void> {
      await db
        .update(discounts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(discounts.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(discounts).where(eq(discounts.id, id));
    },

    /** The customer's cart stops holding this code (it was used by a paid order). */
    async clearAccountCartDiscount(accountId: number, discountId: number): Promise<void> {
      await db
        .update(carts)
        .set({ discountId: null })
        .where(and(eq(carts.accountId, accountId), eq(carts.discountId, discountId)));
    },

    /** Applies a code to a cart (null takes it off). */
    async setCartDiscount(cartId: number, discountId: number | null): Promise<void> {
      await db.update(carts).set({ discountId, updatedAt: new Date() }).where(eq(carts.id, cartId));
    },
  };
}

export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;
