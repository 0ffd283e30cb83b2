import type {
  CategoryBrief,
  CategoryQuery,
  CategoryWithProducts,
  PortalSearchProduct,
  Product,
  ProductDetail,
  Review,
  ReviewRequest,
} from '@portal/contracts';
import { Forbidden, NotFound } from '../core/domain-errors.js';
import type { Deps } from '../core/deps.js';
import type { Executor } from '../db/client.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import {
  createCatalogueRepository,
  extrasOfRows,
  type CatalogueRepository,
  type CategoryRow,
  type ProductRow,
} from './catalogue.repository.js';
import { centsToDecimal, toCents } from './money.js';
import { categoryPath, productPath, serializeProducts, serializeReview, serializeVariants } from './product.serializer.js';
import { transpositionSpellings } from '../core/search-spellings.js';

const LATEST_COUNT = 6;
const RELATED_COUNT = 4;
const SEARCH_LIMIT = 48;

export const PRODUCT_NOT_FOUND = 'No Product matches the given query.';
export const NOT_A_BUYER = 'Only customers who bought this product can review it.';

/** Products in the contract's form: the rows, with their gallery and ratings read in two statements for the whole list. */
export async function productViews(
  repo: CatalogueRepository,
  media: MediaStorage,
  rows: ProductRow[],
  options?: { relativeGallery?: boolean },
): Promise<Product[]> {
  return serializeProducts(rows, await repo.extrasOf(rows.map((row) => row.id)), media, options);
}

/**
 * Categories, products, search and reviews: what anyone may browse. The shop's search is an
 * expensive read (issue 24); `searchBrief` runs on the caller's (the portal-wide search's).
 */
export function createCatalogueService({ db, media, expensiveReads }: { db: Executor } & Pick<Deps, 'media' | 'expensiveReads'>) {
  const repo = createCatalogueRepository(db);
  const products = (rows: ProductRow[], options?: { relativeGallery?: boolean }) => productViews(repo, media, rows, options);

  const brief = (row: CategoryRow): CategoryBrief => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image: row.image ? media.url(row.image) : null,
    get_absolute_url: categoryPath(row.slug),
  });

  /** Words naming a colour or size match variations; the rest (or all, if nothing is left) is text. */
  async function findProducts(repo: CatalogueRepository, query: string, limit: number) {
    const words = query.split(/\s+/).filter(Boolean);
    const variationValues = await repo.variationValuesAmong(words);
    const variationWords = words.filter((word) => variationValues.has(word.toLowerCase()));
    const rest = words.filter((word) => !variationValues.has(word.toLowerCase())).join(' ');
    const text = rest || words.join(' ');
    const variationsFirst = rest === '' && variationWords.length > 0;
    // The text as typed, and those of its transpositions that are near some product.
    const spellings = [text, ...(await repo.nearSpellings(transpositionSpellings(text).slice(1)))];
    return repo.search({ text, spellings, variationWords, variationsFirst }, limit);
  }

  return {
    async menu(): Promise<CategoryBrief[]> {
      return (await repo.menuCategories()).map(brief);
    },

    async latest(): Promise<Product[]> {
      return products(await repo.latestProducts(LATEST_COUNT));
    },

    async category(slug: string, query: CategoryQuery = {}): Promise<CategoryWithProducts> {
      const category = await repo.categoryBySlug(slug);
      if (!category) throw new NotFound('Category not found.');
      const [rows, values] = await Promise.all([
        repo.productsOfCategory(
          category.id,
          {
            sort: query.sort,
            minPrice: query.min_price,
            maxPrice: query.max_price,
            color: query.color,
            size: query.size,
            inStock: query.in_stock === 'true',
          },
          query.page_size === undefined ? undefined : { size: query.page_size, after: query.after },
        ),
        repo.variationValuesOfCategory(category.id),
      ]);
      const valuesOf = (kind: string) => values.filter((v) => v.category === kind).map((v) => v.value);
      return {
        ...brief(category),
        products: await products(rows),
        facets: { colors: valuesOf('color'), sizes: valuesOf('size') },
      };
    },

    /**
     * Contract §8.3: looked up by the product slug; the category slug only shapes the URL. Two
     * statements (issue 12): the product with all it shows, then the related products with theirs.
     */
    async detail(productSlug: string, accountId: number | null): Promise<ProductDetail> {
      const row = await repo.productPage(productSlug, accountId);
      if (!row) throw new NotFound(PRODUCT_NOT_FOUND);
      const related = await repo.relatedWithExtras(row.categoryId, row.id, RELATED_COUNT);
      const [product] = serializeProducts([row], extrasOfRows([row]), media);
      const choices = (category: string) =>
        row.variations.filter((v) => v.category === category).map((v) => ({ id: v.id, variation_value: v.value }));
      return {
        product: product!,
        related_products: serializeProducts(related, extrasOfRows(related), media),
        reviews: row.reviews.map(serializeReview),
        variations: { colors: choices('color'), sizes: choices('size') },
        can_review: row.canReview,
        variants: serializeVariants(row.variants, row.isAvailable),
      };
    },

    search(query: string): Promise<Product[]> {
      return expensiveReads.run(async (reader) => {
        const readerRepo = createCatalogueRepository(reader);
        return productViews(readerRepo, media, await findProducts(readerRepo, query, SEARCH_LIMIT), { relativeGallery: true });
      });
    },

    /** The same search in the portal-wide search's compact form. */
    async searchBrief(query: string, limit: number): Promise<PortalSearchProduct[]> {
      return (await findProducts(repo, query, limit)).map((row) => ({
        id: row.id,
        name: row.name,
        price: centsToDecimal(toCents(row.price)),
        image: row.image ? media.url(row.image) : null,
        category: row.categoryName,
        url: productPath(row.categorySlug, row.slug),
      }));
    },

    /** Only a customer with a paid order of the product may review it; a second review replaces the first. */
    async review(productId: number, accountId: number, input: Required<ReviewRequest>, ip: string): Promise<Review> {
      const product = await repo.productById(productId);
      if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
      if (!(await repo.hasBought(accountId, productId))) throw new Forbidden(NOT_A_BUYER);
      const id = await repo.upsertReview({
        productId,
        accountId,
        subject: input.subject,
        review: input.review ?? '',
        rating: input.rating,
        ip: ip.slice(0, 64),
      });
      return serializeReview((await repo.reviewById(id))!);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
