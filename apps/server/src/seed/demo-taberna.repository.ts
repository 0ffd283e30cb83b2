import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  accounts,
  tabernaCategories,
  tabernaOrderLines,
  tabernaOrders,
  tabernaPayments,
  tabernaProductGallery,
  tabernaProductVariants,
  tabernaProducts,
  tabernaReviews,
  tabernaVariations,
} from '../db/schema/index.js';

/** Inserts of the demo seed (the shop has no admin screens; this is how its catalogue is filled). */
export function createDemoCatalogueRepository(db: Executor) {
  return {
    /** A category, or the one of that slug already there (made by `seed-scale` on a database started without the demo). */
    async insertCategory(row: typeof tabernaCategories.$inferInsert): Promise<number> {
      const [inserted] = await db
        .insert(tabernaCategories)
        .values(row)
        .onConflictDoUpdate({
          target: tabernaCategories.slug,
          set: { name: row.name, description: row.description, image: row.image, ordering: row.ordering },
        })
        .returning({ id: tabernaCategories.id });
      return inserted!.id;
    },
    async insertProduct(row: typeof tabernaProducts.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(tabernaProducts).values(row).returning({ id: tabernaProducts.id });
      return inserted!.id;
    },
    async insertGallery(rows: (typeof tabernaProductGallery.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(tabernaProductGallery).values(rows);
    },
    async insertVariations(rows: (typeof tabernaVariations.$inferInsert)[]) {
      if (rows.length === 0) return [];
      return db.insert(tabernaVariations).values(rows).returning();
    },
    async insertVariants(rows: (typeof tabernaProductVariants.$inferInsert)[]) {
      return db.insert(tabernaProductVariants).values(rows).returning();
    },
    accountsByEmail(emails: string[]) {
      return db
        .select({ id: accounts.id, email: accounts.email, firstName: accounts.firstName, lastName: accounts.lastName })
        .from(accounts)
        .where(inArray(accounts.email, emails));
    },
    async insertPaidOrder(
      order: typeof tabernaOrders.$inferInsert,
      line: Omit<typeof tabernaOrderLines.$inferInsert, 'orderId'>,
      orderNumberOf: (id: number, at: Date) => string,
    ): Promise<void> {
      const [row] = await db.insert(tabernaOrders).values(order).returning();
      const number = orderNumberOf(row!.id, row!.createdAt);
      await db
        .update(tabernaOrders)
        .set({ orderNumber: number })
        .where(inArray(tabernaOrders.id, [row!.id]));
      await db.insert(tabernaOrderLines).values({ ...line, orderId: row!.id });
      await db.insert(tabernaPayments).values({
        orderId: row!.id,
        paymentId: `demo_${row!.id}`,
        paymentMethod: 'Test card',
        amountPaid: row!.orderTotal,
        status: 'Completed',
        createdAt: row!.createdAt,
      });
    },
    async insertReview(row: typeof tabernaReviews.$inferInsert): Promise<void> {
      await db.insert(tabernaReviews).values(row);
    },
  };
}
