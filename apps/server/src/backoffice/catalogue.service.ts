import {
  BO_MESSAGES,
  LOW_STOCK_THRESHOLD,
  type BoCategory,
  type BoProduct,
  type BoProductRow,
  type ListPage,
  type boCategoryCreateSchema,
  type boCategoryQuerySchema,
  type boCategoryUpdateSchema,
  type boProductCreateSchema,
  type boProductQuerySchema,
  type boProductUpdateSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Conflict, Invalid, NotFound } from '../core/domain-errors.js';
import { slugify } from '../core/slugify.js';
import type { Executor } from '../db/client.js';
import { categoryPath, createVariantsRepository, evenShares, productPath } from '../taberna/index.js';
import type { AuditedActions } from './audit-trail.js';
import { createBoCatalogueRepository, type CategoryRow, type ProductRow } from './catalogue.repository.js';
import { imageAnswerOf } from './pictures.service.js';
import { listPage, listRead } from './list-page.js';

/** A slug made from `name` that no other category (or product) has: `name`, else `name-2`, `name-3`... */
export async function freeSlug(
  repo: Pick<ReturnType<typeof createBoCatalogueRepository>, 'slugTaken'>,
  table: 'category' | 'product',
  name: string,
  max: number,
): Promise<string> {
  const base = slugify(name, max - 9) || table;
  let slug = base;
  for (let n = 2; await repo.slugTaken(table, slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

type ProductCreate = z.output<typeof boProductCreateSchema>;
type ProductUpdate = z.output<typeof boProductUpdateSchema>;

/** The shop's catalogue as staff edit it; every change is audited in its own transaction. */
export function createBoCatalogueService(
  { db, media, config, expensiveReads }: Pick<Deps, 'db' | 'media' | 'config' | 'expensiveReads'>,
  audited: AuditedActions,
) {
  const repo = createBoCatalogueRepository(db);
  const imageAnswer = imageAnswerOf(media);

  const categoryAnswer = (row: CategoryRow): BoCategory => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    position: row.ordering,
    products_count: row.productsCount,
    get_absolute_url: categoryPath(row.slug),
  });

  const rowAnswer = (row: ProductRow): BoProductRow => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    get_absolute_url: productPath(row.categorySlug, row.slug),
    category: { id: row.categoryId, name: row.categoryName },
    price: row.price,
    stock: row.stock,
    low_stock: row.stock <= LOW_STOCK_THRESHOLD,
    is_available: row.isAvailable,
    hidden: row.hiddenAt !== null,
    status: row.status,
    image: row.image ? media.url(row.image) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const uniqueSlug = (table: 'category' | 'product', name: string, max: number) => freeSlug(repo, table, name, max);

  async function productDetail(id: number, executor = repo): Promise<BoProduct> {
    const row = await executor.product(id);
    if (!row) throw new NotFound('No such product.');
    // One after another: inside a transaction there is one connection.
    const variations = await executor.variationsOf(id);
    const images = await executor.galleryOf(id);
    const ordersCount = await executor.ordersCount(id);
    return {
      ...rowAnswer(row),
      description: row.description,
      colors: variations.filter((v) => v.category === 'color').map((v) => v.value),
      sizes: variations.filter((v) => v.category === 'size').map((v) => v.value),
      images: images.map(imageAnswer),
      orders_count: ordersCount,
    };
  }

  /** What the audit keeps of a product: its editable fields. */
  const snapshot = (p: BoProduct) => ({
    name: p.name,
    category_id: p.category.id,
    price: p.price,
    description: p.description,
    stock: p.stock,
    colors: p.colors,
    sizes: p.sizes,
    is_available: p.is_available,
    hidden: p.hidden,
    status: p.status,
  });

  async function requireCategory(txRepo: ReturnType<typeof createBoCatalogueRepository>, id: number) {
    if (!(await txRepo.category(id))) throw Invalid.fields({ category_id: ['No such category.'] });
  }

  /**
   * A product's stock set from the product form (issue 25): the stock of its one variant, as a
   * correction; a product with several variants has its stock set per variant.
   */
  async function setStock(tx: Executor, actor: AuthUser, productId: number, stock: number) {
    const variants = createVariantsRepository(tx);
    const active = await variants.ofProduct(productId);
    if (active.length !== 1) {
      throw Invalid.fields({ stock: [`This product has ${active.length} variants: set the stock of each variant.`] });
    }
    const [variant] = active;
    if (variant!.stock === stock) return;
    await variants.move(productId, variant!.id, stock - variant!.stock, {
      kind: 'correction',
      reason: 'Stock set in the product form',
      actorId: actor.accountId,
    });
  }

  return {
    async listCategories(query: z.output<typeof boCategoryQuerySchema>, url: string): Promise<ListPage<BoCategory>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) =>
        createBoCatalogueRepository(reader).listCategories(query),
      );
      return listPage(config.publicUrl, url, query, listed, listed.rows.map(categoryAnswer));
    },

    async createCategory(actor: AuthUser, input: z.output<typeof boCategoryCreateSchema>): Promise<BoCategory> {
      return audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        const slug = await uniqueSlug('category', input.name, 100);
        const id = await txRepo.insertCategory({ name: input.name, slug, description: input.description });
        const created = categoryAnswer((await txRepo.category(id))!);
        await record({ action: 'category.create', target: `category:${id}`, targetLabel: input.name, after: created });
        return created;
      });
    },

    async updateCategory(actor: AuthUser, id: number, input: z.output<typeof boCategoryUpdateSchema>): Promise<BoCategory> {
      return audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        const before = await txRepo.category(id);
        if (!before) throw new NotFound('No such category.');
        await txRepo.updateCategory(id, { name: input.name, description: input.description });
        if (input.position !== undefined) await txRepo.moveCategory(id, input.position);
        const after = categoryAnswer((await txRepo.category(id))!);
        await record({
          action: 'category.update',
          target: `category:${id}`,
          targetLabel: after.name,
          before: categoryAnswer(before),
          after,
        });
        return after;
      });
    },

    async deleteCategory(actor: AuthUser, id: number): Promise<void> {
      await audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        const before = await txRepo.category(id);
        if (!before) throw new NotFound('No such category.');
        if (before.productsCount > 0) throw new Conflict(BO_MESSAGES.categoryNotEmpty);
        await txRepo.deleteCategory(id);
        await record({
          action: 'category.delete',
          target: `category:${id}`,
          targetLabel: before.name,
          before: categoryAnswer(before),
        });
      });
    },

    async listProducts(query: z.output<typeof boProductQuerySchema>, url: string): Promise<ListPage<BoProductRow>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) =>
        createBoCatalogueRepository(reader).listProducts(query),
      );
      return listPage(config.publicUrl, url, query, listed, listed.rows.map(rowAnswer));
    },

    product: (id: number) => productDetail(id),

    async createProduct(actor: AuthUser, input: ProductCreate): Promise<BoProduct> {
      return audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        await requireCategory(txRepo, input.category_id);
        const slug = await uniqueSlug('product', input.name, 200);
        const id = await txRepo.insertProduct({
          categoryId: input.category_id,
          name: input.name,
          slug,
          description: input.description,
          price: input.price,
          stock: 0,
          isAvailable: input.is_available,
          status: input.status,
        });
        await txRepo.setVariations(id, 'color', input.colors);
        await txRepo.setVariations(id, 'size', input.sizes);
        // One variant per colour × size; the stock given is shared out evenly, each share in the ledger.
        const variants = createVariantsRepository(tx);
        const made = await variants.sync(id);
        const shares = evenShares(input.stock, made.length);
        for (const [index, variant] of made.entries()) {
          if (shares[index]! > 0)
            await variants.move(id, variant.id, shares[index]!, {
              kind: 'adjustment',
              reason: 'Initial stock',
              actorId: actor.accountId,
            });
        }
        const created = await productDetail(id, txRepo);
        await record({ action: 'product.create', target: `product:${id}`, targetLabel: input.name, after: snapshot(created) });
        return created;
      });
    },

    async updateProduct(actor: AuthUser, id: number, input: ProductUpdate): Promise<BoProduct> {
      return audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        if (!(await txRepo.product(id, true))) throw new NotFound('No such product.');
        const before = await productDetail(id, txRepo);
        if (input.category_id !== undefined) await requireCategory(txRepo, input.category_id);
        await txRepo.updateProduct(id, {
          categoryId: input.category_id,
          name: input.name,
          price: input.price,
          description: input.description,
          // Hiding makes it unavailable; bringing it back makes it available unless told otherwise.
          isAvailable: input.hidden === true ? false : input.hidden === false ? (input.is_available ?? true) : input.is_available,
          ...(input.hidden === undefined ? {} : { hiddenAt: input.hidden ? new Date() : null }),
          status: input.status,
        });
        if (input.colors) await txRepo.setVariations(id, 'color', input.colors);
        if (input.sizes) await txRepo.setVariations(id, 'size', input.sizes);
        // New colours or sizes make their variants (no stock); those gone are kept inactive with theirs.
        if (input.colors || input.sizes) await createVariantsRepository(tx).sync(id);
        if (input.stock !== undefined && input.stock !== before.stock) await setStock(tx, actor, id, input.stock);
        const after = await productDetail(id, txRepo);
        await record({
          action: 'product.update',
          target: `product:${id}`,
          targetLabel: after.name,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
    },

    /** Deletes a product, or hides it when orders refer to it (they keep their lines). */
    async deleteProduct(actor: AuthUser, id: number): Promise<{ outcome: 'deleted' | 'hidden' }> {
      const { outcome, images } = await audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        if (!(await txRepo.product(id, true))) throw new NotFound('No such product.');
        const before = await productDetail(id, txRepo);
        if (before.orders_count > 0) {
          await txRepo.updateProduct(id, { hiddenAt: new Date(), isAvailable: false });
          await record({
            action: 'product.hide',
            target: `product:${id}`,
            targetLabel: before.name,
            before: snapshot(before),
            after: { hidden: true },
          });
          return { outcome: 'hidden' as const, images: [] };
        }
        const row = (await txRepo.product(id))!;
        const gallery = await txRepo.galleryOf(id);
        await txRepo.deleteProduct(id);
        await record({ action: 'product.delete', target: `product:${id}`, targetLabel: before.name, before: snapshot(before) });
        return { outcome: 'deleted' as const, images: [...gallery.map((g) => g.image), ...(row.image ? [row.image] : [])] };
      });
      // Files go once the rows are gone for good (a failed delete keeps them).
      for (const key of new Set(images)) await media.delete(key).catch(() => undefined);
      return { outcome };
    },
  };
}

export type BoCatalogueService = ReturnType<typeof createBoCatalogueService>;
