import { and, desc, eq, getTableColumns, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { tabernaCartItems as items, tabernaCarts as carts, tabernaProfiles } from '../db/schema/index.js';

/** A bound integer array parameter (drizzle sends JS arrays as lists, not as one array value). */
export const toIntArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::integer[]`;

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof items.$inferSelect;
/** A line of the caller's cart with the cart's discount code (issue 28). */
export type CallerLineRow = CartItemRow & { discountId: number | null };

/**
 * The lines of the caller's cart, newest first (issue 12: one prepared statement, the cart found in
 * it): a customer with a shop profile has their own cart (contract §8.6), anyone else the guest cart
 * of the token they hold, if any.
 */
function prepareCallerLines(db: Executor) {
  const account = sql.placeholder('account');
  const token = sql.placeholder('token');
  return db
    .select({
      ...getTableColumns(items),
      // Issue 28: the cart's discount code, read with its lines (a key lookup, no statement of its own).
      discountId: sql<number | null>`(select c.discount_id from ${carts} c where c.id = ${items.cartId})`,
    })
    .from(items)
    .where(
      eq(
        items.cartId,
        sql`(select c.id from ${carts} c where case
          when exists (select 1 from ${tabernaProfiles} p where p.account_id = ${account}::integer) then c.account_id = ${account}::integer
          else c.token = ${token}::text and c.account_id is null end)`,
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .prepare('taberna_cart_lines_of_caller');
}

/** The only SQL about carts and their lines. */
export function createCartRepository(db: Executor) {
  let callerLines: ReturnType<typeof prepareCallerLines> | undefined;
  return {
    /** The lines of the caller's cart (none when there is no cart): one statement. */
    linesOfCaller(accountId: number | null, token: string | null): Promise<CallerLineRow[]> {
      callerLines ??= prepareCallerLines(db);
      return callerLines.execute({ account: accountId, token });
    },

    async hasShopProfile(accountId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: tabernaProfiles.id })
        .from(tabernaProfiles)
        .where(eq(tabernaProfiles.accountId, accountId));
      return row !== undefined;
    },

    async guestCart(token: string): Promise<CartRow | undefined> {
      const [row] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.token, token), isNull(carts.accountId)));
      return row;
    },

    async accountCart(accountId: number): Promise<CartRow | undefined> {
      const [row] = await db.select().from(carts).where(eq(carts.accountId, accountId));
      return row;
    },

    async createGuestCart(token: string): Promise<CartRow> {
      const [row] = await db.insert(carts).values({ token }).returning();
      return row!;
    },

    /** The account's cart, made on first use; two requests at once end with the same cart. */
    async accountCartOrCreate(accountId: number): Promise<CartRow> {
      await db.insert(carts).values({ accountId }).onConflictDoNothing({ target: carts.accountId });
      const [row] = await db.select().from(carts).where(eq(carts.accountId, accountId));
      return row!;
    },

    async touch(cartId: number): Promise<void> {
      await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
    },

    itemsOf(cartId: number): Promise<CartItemRow[]> {
      return db.select().from(items).where(eq(items.cartId, cartId)).orderBy(desc(items.createdAt), desc(items.id));
    },

    async quantityOfLine(cartId: number, productId: number, variationIds: number[]): Promise<number> {
      const [row] = await db
        .select({ quantity: items.quantity })
        .from(items)
        .where(
          and(eq(items.cartId, cartId), eq(items.productId, productId), sql`${items.variationIds} = ${toIntArray(variationIds)}`),
        );
      return row?.quantity ?? 0;
    },

    /** Adds `quantity` to the line of this product and variation set (made if missing), never above `cap`. */
    async addToLine(cartId: number, productId: number, variationIds: number[], quantity: number, cap: number): Promise<boolean> {
      const rows = await db
        .insert(items)
        .values({ cartId, productId, variationIds, quantity })
        .onConflictDoUpdate({
          target: [items.cartId, items.productId, items.variationIds],
          set: { quantity: sql`least(${items.quantity} + excluded.quantity, ${cap})` },
          setWhere: sql`${items.quantity} < ${cap}`,
        })
        .returning({ id: items.id });
      return rows.length > 0;
    },

    /** One less of a line; the line goes when it would drop below one. False when the line is not in this cart. */
    async decrement(cartId: number, itemId: number, productId: number): Promise<boolean> {
      const line = and(eq(items.id, itemId), eq(items.cartId, cartId), eq(items.productId, productId));
      const lowered = await db
        .update(items)
        .set({ quantity: sql`${items.quantity} - 1` })
        .where(and(line, sql`${items.quantity} > 1`))
        .returning({ id: items.id });
      if (lowered.length > 0) return true;
      return (await db.delete(items).where(line).returning({ id: items.id })).length > 0;
    },

    async deleteLine(cartId: number, itemId: number, productId: number): Promise<boolean> {
      const rows = await db
        .delete(items)
        .where(and(eq(items.id, itemId), eq(items.cartId, cartId), eq(items.productId, productId)))
        .returning({ id: items.id });
      return rows.length > 0;
    },

    async deleteCart(cartId: number): Promise<void> {
      await db.delete(carts).where(eq(carts.id, cartId));
    },

    /** Guest carts untouched since `before`; their lines go with them. */
    async purgeGuestCarts(before: Date): Promise<number> {
      const rows = await db
        .delete(carts)
        .where(and(isNull(carts.accountId), lt(carts.updatedAt, before)))
        .returning({ id: carts.id });
      return rows.length;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
