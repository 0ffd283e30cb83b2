import { aliasedTable, and, asc, eq, getTableColumns, ilike, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD as LOW, type ProductStatus } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import {
  tabernaProductVariants as productVariants,
  tabernaCategories as categories,
  tabernaOrderLines as orderLines,
  tabernaProductGallery as gallery,
  tabernaProducts as products,
  tabernaVariations as variations,
} from '../db/schema/index.js';
import { containsPattern, countUpTo, offsetOf, orderBy, type PageRequest } from './list-page.js';

export type CategoryRow = typeof categories.$inferSelect & { productsCount: number };
export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'> & { categoryName: string; categorySlug: string };
export type GalleryRow = typeof gallery.$inferSelect;

export interface ProductFilter extends PageRequest {
  search?: string;
  ordering: string;
  category_id?: number;
  is_available?: boolean;
  low_stock?: boolean;
  hidden?: boolean;
  status?: ProductStatus;
}

// Written out: inside a one-table select Drizzle leaves column names unqualified, which the subquery would misread.
const exportColors = aliasedTable(variations, 'export_color');
const exportSizes = aliasedTable(variations, 'export_size');

const productsCount = sql<number>`(select count(*)::int from taberna_products p where p.category_id = "taberna_categories"."id")`;
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- everything but the search vector
const { searchVector, ...productColumns } = getTableColumns(products);

/** Categories, products, their variations and pictures, as the back office edits them. */
export function createBoCatalogueRepository(db: Executor) {
  const selectProducts = () =>
    db
      .select({ ...productColumns, categoryName: categories.name, categorySlug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId));

  return {
    async listCategories(query: PageRequest & { search?: string; ordering: string }) {
      const where = query.search ? ilike(categories.name, containsPattern(query.search)) : undefined;
      const counted = await countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(categories)
          .where(where),
        query.search,
      );
      const rows = await db
        .select({ ...getTableColumns(categories), productsCount })
        .from(categories)
        .where(where)
        .orderBy(
          ...orderBy(
            query.ordering,
            { position: categories.ordering, name: categories.name, products_count: productsCount },
            categories.id,
          ),
        )
        .limit(query.page_size)
        .offset(offsetOf(query));
      return { ...counted, rows: rows as CategoryRow[] };
    },

    async category(id: number): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select({ ...getTableColumns(categories), productsCount })
        .from(categories)
        .where(eq(categories.id, id));
      return row as CategoryRow | undefined;
    },

    /** Issue 28: the category of that name, whatever its case (the CSV import names categories). */
    async categoryNamed(name: string): Promise<{ id: number; name: string } | undefined> {
      const [row] = await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${name})`)
        .orderBy(asc(categories.id))
        .limit(1);
      return row;
    },

    async slugTaken(table: 'category' | 'product', slug: string): Promise<boolean> {
      const target = table === 'category' ? categories : products;
      const [row] = await db.select({ id: target.id }).from(target).where(eq(target.slug, slug));
      return row !== undefined;
    },

    async insertCategory(values: { name: string; slug: string; description: string }): Promise<number> {
      const [last] = await db.select({ position: max(categories.ordering) }).from(categories);
      const [row] = await db
        .insert(categories)
        .values({ ...values, ordering: (last?.position ?? -1) + 1 })
        .returning({ id: categories.id });
      return row!.id;
    },

    async updateCategory(id: number, values: { name?: string; description?: string }): Promise<void> {
      // A move alone sends neither (both undefined): nothing to set then.
      if (values.name !== undefined || values.description !== undefined)
        await db.update(categories).set(values).where(eq(categories.id, id));
    },

    /** Moves a category to `position` (0 = first) and numbers them all again from 0. */
    async moveCategory(id: number, position: number): Promise<void> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .orderBy(asc(categories.ordering), asc(categories.name), asc(categories.id))
        .for('update');
      const ids = rows.map((row) => row.id).filter((other) => other !== id);
      ids.splice(Math.min(position, ids.length), 0, id);
      for (const [index, other] of ids.entries())
        await db.update(categories).set({ ordering: index }).where(eq(categories.id, other));
    },

    async deleteCategory(id: number): Promise<void> {
      await db.delete(categories).where(eq(categories.id, id));
    },

    async listProducts(filter: ProductFilter) {
      const pattern = filter.search ? containsPattern(filter.search) : undefined;
      const where = and(
        pattern ? or(ilike(products.name, pattern), ilike(products.slug, pattern), ilike(categories.name, pattern)) : undefined,
        filter.category_id ? eq(products.categoryId, filter.category_id) : undefined,
        filter.is_available === undefined ? undefined : eq(products.isAvailable, filter.is_available),
        filter.low_stock === undefined
          ? undefined
          : filter.low_stock
            ? sql`${products.stock} <= ${LOW}`
            : sql`${products.stock} > ${LOW}`,
        filter.hidden === undefined ? undefined : filter.hidden ? isNotNull(products.hiddenAt) : isNull(products.hiddenAt),
        filter.status === undefined ? undefined : eq(products.status, filter.status),
      );
      const counted = await countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(where),
        filter.search,
      );
      const rows = await selectProducts()
        .where(where)
        .orderBy(
          ...orderBy(
            filter.ordering,
            {
              name: products.name,
              price: products.price,
              stock: products.stock,
              created_at: products.createdAt,
              updated_at: products.updatedAt,
            },
            products.id,
          ),
        )
        .limit(filter.page_size)
        .offset(offsetOf(filter));
      return { ...counted, rows: rows as ProductRow[] };
    },

    /**
     * Issue 28: a page of the product export, one row per sold (active) variant with its product's
     * fields, in product then variant order after the keyset `after` (from the variants' choice key).
     */
    exportPage(after: { productId: number; variantId: number } | null, limit: number) {
      return db
        .select({
          productId: products.id,
          variantId: productVariants.id,
          name: products.name,
          category: categories.name,
          status: products.status,
          isAvailable: products.isAvailable,
          description: products.description,
          price: products.price,
          color: exportColors.value,
          size: exportSizes.value,
          sku: productVariants.sku,
          variantPrice: productVariants.price,
          stock: productVariants.stock,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(exportColors, eq(exportColors.id, productVariants.colorId))
        .leftJoin(exportSizes, eq(exportSizes.id, productVariants.sizeId))
        .where(
          and(
            eq(productVariants.isActive, true),
            after
              ? sql`(${productVariants.productId}, ${productVariants.id}) > (${after.productId}, ${after.variantId})`
              : undefined,
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.id))
        .limit(limit);
    },

    async product(id: number, lock = false): Promise<ProductRow | undefined> {
      const query = selectProducts().where(eq(products.id, id));
      const [row] = await (lock ? query.for('update', { of: products }) : query);
      return row as ProductRow | undefined;
    },

    async insertProduct(values: typeof products.$inferInsert): Promise<number> {
      const [row] = await db.insert(products).values(values).returning({ id: products.id });
      return row!.id;
    },

    async updateProduct(id: number, values: Partial<typeof products.$inferInsert>): Promise<void> {
      await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, id));
    },

    async deleteProduct(id: number): Promise<void> {
      await db.delete(products).where(eq(products.id, id));
    },

    async ordersCount(productId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${orderLines.orderId})::int` })
        .from(orderLines)
        .where(eq(orderLines.productId, productId));
      return row!.n;
    },

    /** The active colours and sizes, in the order they were added. */
    async variationsOf(productId: number): Promise<{ category: string; value: string }[]> {
      return db
        .select({ category: variations.category, value: variations.value })
        .from(variations)
        .where(and(eq(variations.productId, productId), eq(variations.isActive, true)))
        .orderBy(asc(variations.id));
    },

    /**
     * Makes exactly `values` the product's active colours (or sizes). Removed ones are deactivated,
     * not deleted: carts and orders refer to them by id.
     */
    async setVariations(productId: number, category: 'color' | 'size', values: string[]): Promise<void> {
      await db
        .update(variations)
        .set({ isActive: false })
        .where(and(eq(variations.productId, productId), eq(variations.category, category)));
      for (const value of values) {
        const same = and(
          eq(variations.productId, productId),
          eq(variations.category, category),
          sql`lower(${variations.value}) = lower(${value})`,
        );
        const revived = await db.update(variations).set({ isActive: true, value }).where(same).returning({ id: variations.id });
        if (revived.length === 0) await db.insert(variations).values({ productId, category, value });
      }
    },

    galleryOf(productId: number): Promise<GalleryRow[]> {
      return db.select().from(gallery).where(eq(gallery.productId, productId)).orderBy(asc(gallery.position), asc(gallery.id));
    },

    async addImage(productId: number, image: string, color: string | null): Promise<GalleryRow> {
      const [last] = await db
        .select({ position: max(gallery.position) })
        .from(gallery)
        .where(eq(gallery.productId, productId));
      const [row] = await db
        .insert(gallery)
        .values({ productId, image, color, position: (last?.position ?? -1) + 1 })
        .returning();
      return row!;
    },

    async setImageColor(productId: number, imageId: number, color: string | null): Promise<GalleryRow | undefined> {
      const [row] = await db
        .update(gallery)
        .set({ color })
        .where(and(eq(gallery.id, imageId), eq(gallery.productId, productId)))
        .returning();
      return row;
    },

    async deleteImage(productId: number, imageId: number): Promise<GalleryRow | undefined> {
      const [row] = await db
        .delete(gallery)
        .where(and(eq(gallery.id, imageId), eq(gallery.productId, productId)))
        .returning();
      return row;
    },

    async setImagePosition(imageId: number, position: number): Promise<void> {
      await db.update(gallery).set({ position }).where(eq(gallery.id, imageId));
    },
  };
}
