import type { CategoryBrief, CategoryWithProducts, Product, ProductDetail, Review, ReviewRequest } from '@portal/contracts';
import { ApiError, forbidden, notFound } from '../core/errors.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { Database } from '../db/client.js';
import { createCatalogueRepository, type CategoryRow } from './catalogue.repository.js';
import { categoryPath, createProductSerializer } from './product.serializer.js';

const LATEST_COUNT = 6;
const RELATED_COUNT = 4;
const SEARCH_LIMIT = 48;

export const PRODUCT_NOT_FOUND = 'No Product matches the given query.';
export const NOT_A_BUYER = 'Only customers who bought this product can review it.';

/** Categories, products, search and reviews: what anyone may browse. */
export function createCatalogueService(db: Database, media: MediaStorage) {
  const repo = createCatalogueRepository(db);
  const serializer = createProductSerializer(repo, media);

  const brief = (row: CategoryRow): CategoryBrief => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image ? media.url(row.image) : null,
    get_absolute_url: categoryPath(row.slug),
  });

  return {
    async menu(): Promise<CategoryBrief[]> {
      return (await repo.menuCategories()).map(brief);
    },

    async latest(): Promise<Product[]> {
      return serializer.many(await repo.latestProducts(LATEST_COUNT));
    },

    async category(slug: string): Promise<CategoryWithProducts> {
      const category = await repo.categoryBySlug(slug);
      if (!category) throw new ApiError(404, { error: 'Category not found.' });
      return { ...brief(category), products: await serializer.many(await repo.productsOfCategory(category.id)) };
    },

    /** Contract §8.3: looked up by the product slug; the category slug only shapes the URL. */
    async detail(productSlug: string, accountId: number | null): Promise<ProductDetail> {
      const row = await repo.productBySlug(productSlug);
      if (!row) throw notFound(PRODUCT_NOT_FOUND);
      const [product, related, reviews, variations, canReview] = await Promise.all([
        serializer.one(row),
        repo.relatedProducts(row.categoryId, row.id, RELATED_COUNT).then((rows) => serializer.many(rows)),
        repo.reviewsOf(row.id),
        repo.activeVariationsOf(row.id),
        accountId === null ? false : repo.hasBought(accountId, row.id),
      ]);
      const choices = (category: string) =>
        variations.filter((v) => v.category === category).map((v) => ({ id: v.id, variation_value: v.value }));
      return {
        product,
        related_products: related,
        reviews: reviews.map(serializer.review),
        variations: { colors: choices('color'), sizes: choices('size') },
        can_review: canReview,
      };
    },

    async search(query: string): Promise<Product[]> {
      return serializer.many(await repo.search(query, SEARCH_LIMIT), { relativeGallery: true });
    },

    /** Only a customer with a paid order of the product may review it; a second review replaces the first. */
    async review(productId: number, accountId: number, input: Required<ReviewRequest>, ip: string): Promise<Review> {
      const product = await repo.productById(productId);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      if (!(await repo.hasBought(accountId, productId))) throw forbidden(NOT_A_BUYER);
      const id = await repo.upsertReview({
        productId,
        accountId,
        subject: input.subject,
        review: input.review ?? '',
        rating: input.rating,
        ip: ip.slice(0, 64),
      });
      return serializer.review((await repo.reviewById(id))!);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
