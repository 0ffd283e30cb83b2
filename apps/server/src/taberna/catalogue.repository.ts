import { and, asc, desc, eq, exists, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  accounts,
  tabernaCategories as categories,
  tabernaOrderLines as orderLines,
  tabernaOrders as orders,
  tabernaProductGallery as gallery,
  tabernaProducts as products,
  tabernaReviews as reviews,
  tabernaVariations as variations,
} from '../db/schema/index.js';

const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);
const productSelection = { ...productColumns, categoryName: categories.name, categorySlug: categories.slug };

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'> & { categoryName: string; categorySlug: string };
export type VariationRow = typeof variations.$inferSelect;
export type GalleryRow = typeof gallery.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect & { firstName: string; lastName: string };
export interface Rating {
  average: number;
  count: number;
}

const newestFirst = [desc(products.createdAt), desc(products.id)];

/** The only SQL about categories, products, their pictures, variations and reviews. */
export function createCatalogueRepository(db: Executor) {
  const selectProducts = () =>
    db.select(productSelection).from(products).innerJoin(categories, eq(categories.id, products.categoryId));

  return {
    /** Categories that have at least one product, in their menu order (contract §8.1). */
    menuCategories(): Promise<CategoryRow[]> {
      return db
        .select()
        .from(categories)
        .where(
          exists(
            db
              .select({ one: sql`1` })
              .from(products)
              .where(eq(products.categoryId, categories.id)),
          ),
        )
        .orderBy(asc(categories.ordering), asc(categories.name));
    },

    async categoryBySlug(slug: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(categories).where(eq(categories.slug, slug));
      return row;
    },

    latestProducts(limit: number): Promise<ProductRow[]> {
      return selectProducts()
        .where(eq(products.isAvailable, true))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    productsOfCategory(categoryId: number): Promise<ProductRow[]> {
      return selectProducts()
        .where(eq(products.categoryId, categoryId))
        .orderBy(...newestFirst);
    },

    relatedProducts(categoryId: number, excludeId: number, limit: number): Promise<ProductRow[]> {
      return selectProducts()
        .where(and(eq(products.categoryId, categoryId), ne(products.id, excludeId), eq(products.isAvailable, true)))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    async productBySlug(slug: string): Promise<ProductRow | undefined> {
      const [row] = await selectProducts().where(eq(products.slug, slug));
      return row;
    },

    async productById(id: number): Promise<ProductRow | undefined> {
      const [row] = await selectProducts().where(eq(products.id, id));
      return row;
    },

    productsByIds(ids: number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return selectProducts().where(inArray(products.id, ids));
    },

    /**
     * Full-text search over name (weight A) and description (weight B), ranked, with trigram
     * similarity for typos ("jaket" finds "jacket"); descriptions need whole-word similarity, so a
     * shared prefix ("shoes", "shopping") is not a match. The query is a bound parameter, never a pattern.
     */
    search(query: string, limit: number): Promise<ProductRow[]> {
      const tsq = sql`websearch_to_tsquery('english', ${query})`;
      const nameSimilarity = sql`word_similarity(${query}, ${products.name})`;
      const descriptionSimilarity = sql`strict_word_similarity(${query}, ${products.description})`;
      return selectProducts()
        .where(
          and(
            eq(products.isAvailable, true),
            sql`(${products.searchVector} @@ ${tsq} or ${nameSimilarity} >= 0.4 or ${descriptionSimilarity} >= 0.5)`,
          ),
        )
        .orderBy(
          desc(sql`ts_rank(${products.searchVector}, ${tsq}) + ${nameSimilarity} + 0.5 * ${descriptionSimilarity}`),
          desc(products.id),
        )
        .limit(limit);
    },

    galleryOf(productIds: number[]): Promise<GalleryRow[]> {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(gallery)
        .where(inArray(gallery.productId, productIds))
        .orderBy(asc(gallery.position), asc(gallery.id));
    },

    async ratingsOf(productIds: number[]): Promise<Map<number, Rating>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: reviews.productId, average: sql<string>`avg(${reviews.rating})`, count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(and(inArray(reviews.productId, productIds), eq(reviews.isApproved, true)))
        .groupBy(reviews.productId);
      return new Map(rows.map((row) => [row.productId, { average: Number(row.average), count: Number(row.count) }]));
    },

    activeVariationsOf(productId: number): Promise<VariationRow[]> {
      return db
        .select()
        .from(variations)
        .where(and(eq(variations.productId, productId), eq(variations.isActive, true)))
        .orderBy(asc(variations.id));
    },

    variationsByIds(ids: number[]): Promise<VariationRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(variations).where(inArray(variations.id, ids));
    },

    reviewsOf(productId: number): Promise<ReviewRow[]> {
      return db
        .select({ ...getTableColumns(reviews), firstName: accounts.firstName, lastName: accounts.lastName })
        .from(reviews)
        .innerJoin(accounts, eq(accounts.id, reviews.accountId))
        .where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
        .orderBy(desc(reviews.updatedAt), desc(reviews.id));
    },

    /** Whether the account has a paid order with this product in it. */
    async hasBought(accountId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.accountId, accountId), eq(orders.paymentState, 'paid'), eq(orderLines.productId, productId)))
        .limit(1);
      return row !== undefined;
    },

    /** One review per customer and product: a second one replaces the first. */
    async upsertReview(review: typeof reviews.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(reviews)
        .values(review)
        .onConflictDoUpdate({
          target: [reviews.productId, reviews.accountId],
          set: { subject: review.subject, review: review.review, rating: review.rating, ip: review.ip, updatedAt: new Date() },
        })
        .returning({ id: reviews.id });
      return row!.id;
    },

    async reviewById(id: number): Promise<ReviewRow | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(reviews), firstName: accounts.firstName, lastName: accounts.lastName })
        .from(reviews)
        .innerJoin(accounts, eq(accounts.id, reviews.accountId))
        .where(eq(reviews.id, id));
      return row;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
