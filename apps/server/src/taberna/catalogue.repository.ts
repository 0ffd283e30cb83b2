import type { CategorySort, VariationCategory } from '@portal/contracts';
import { and, asc, desc, eq, exists, getTableColumns, gt, gte, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  accounts,
  tabernaCategories as categories,
  tabernaOrderLines as orderLines,
  tabernaOrders as orders,
  tabernaProductGallery as gallery,
  tabernaProductVariants as productVariants,
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
export interface CategoryFilter {
  sort?: CategorySort;
  /** Decimal strings, compared exactly as numerics. */
  minPrice?: string;
  maxPrice?: string;
  color?: string;
  size?: string;
  inStock?: boolean;
}
export interface ShopSearchQuery {
  /** What the full-text part looks for. */
  text: string;
  /** The text and its near spellings (two swapped letters), compared by trigram similarity. */
  spellings: string[];
  /** Query words that are colour or size values. */
  variationWords: string[];
  /** The query is only colour and size words ("red"): products in them rank above names that merely look alike. */
  variationsFirst?: boolean;
}
/** What a product list shows besides the product rows: their gallery pictures and ratings. */
export interface ProductExtras {
  pictures: GalleryRow[];
  ratings: Map<number, Rating>;
}

export interface Rating {
  average: number;
  count: number;
}

const newestFirst = [desc(products.createdAt), desc(products.id)];

/** What the shop shows at all (issue 25): active products that were not deleted. */
export const inShop = () => and(eq(products.status, 'active'), isNull(products.hiddenAt));

/** Products the shop's search lists (composable: other conditions are added beside it). */
export const listedInShop = () => and(eq(products.isAvailable, true), inShop());

/** A variant as a product's statement carries it (JSON), with its colour and size. */
export interface VariantJson {
  id: number;
  colorId: number | null;
  sizeId: number | null;
  color: string | null;
  size: string | null;
  sku: string;
  stock: number;
  price: string | null;
  isActive: boolean;
}

/** The product's variants as one JSON column, in the order its colours and sizes were added. */
const variantsColumn = (activeOnly: boolean) =>
  sql<VariantJson[]>`coalesce((select json_agg(json_build_object(
      'id', v.id, 'colorId', v.color_id, 'sizeId', v.size_id, 'color', c.value, 'size', s.value, 'sku', v.sku,
      'stock', v.stock, 'price', v.price, 'isActive', v.is_active) order by v.color_id nulls first, v.size_id nulls first)
    from ${productVariants} v left join ${variations} c on c.id = v.color_id left join ${variations} s on s.id = v.size_id
    where v.product_id = ${products}.id${activeOnly ? sql` and v.is_active` : sql``}), '[]'::json)`;

/*
 * What a product list shows besides the product row, as columns of the statement that lists it
 * (issue 12). The subqueries name the product table (`taberna_products.id`): a lone `id` would be their own.
 */
const extrasColumns = {
  pictures: sql<GalleryRow[]>`coalesce((select json_agg(json_build_object(
      'id', g.id, 'productId', g.product_id, 'image', g.image, 'position', g.position, 'color', g.color) order by g.position, g.id)
    from ${gallery} g where g.product_id = ${products}.id), '[]'::json)`,
  average: sql<string | null>`(select avg(r.rating) from ${reviews} r where r.product_id = ${products}.id and r.is_approved)`,
  count: sql<number>`(select count(*)::int from ${reviews} r where r.product_id = ${products}.id and r.is_approved)`,
};

/** A product row with its gallery pictures and approved-review rating read in the same statement. */
export type ProductWithExtras = ProductRow & { pictures: GalleryRow[]; average: string | null; count: number };
/** The same with every variant of the product (a cart's lines may hold one no longer sold). */
export type ProductWithVariants = ProductWithExtras & { variants: VariantJson[] };

/** A review as a product page shows it. */
export type PageReview = Pick<
  ReviewRow,
  'id' | 'subject' | 'review' | 'rating' | 'createdAt' | 'updatedAt' | 'firstName' | 'lastName'
>;

/** Everything a product page shows of the product itself, from one statement. */
export type ProductPageRow = ProductWithExtras & {
  reviews: PageReview[];
  variations: Pick<VariationRow, 'id' | 'category' | 'value'>[];
  variants: VariantJson[];
  canReview: boolean;
};

/** The extras of rows read with {@link extrasColumns}, as `serializeProducts` takes them. */
export function extrasOfRows(rows: ProductWithExtras[]): ProductExtras {
  return {
    pictures: rows.flatMap((row) => row.pictures),
    ratings: new Map(
      rows
        .filter((row) => Number(row.count) > 0)
        .map((row) => [row.id, { average: Number(row.average), count: Number(row.count) }]),
    ),
  };
}

const pageParam = { slug: sql.placeholder('slug'), account: sql.placeholder('account') };

/** A product page's product with its pictures, rating, approved reviews (newest first), active choices and, for a reader, whether they may review it. */
function prepareProductPage(db: Executor, reader: boolean) {
  return db
    .select({
      ...productSelection,
      ...extrasColumns,
      reviews: sql<PageReview[]>`coalesce((select json_agg(json_build_object(
          'id', r.id, 'subject', r.subject, 'review', r.review, 'rating', r.rating, 'createdAt', r.created_at,
          'updatedAt', r.updated_at, 'firstName', a.first_name, 'lastName', a.last_name) order by r.updated_at desc, r.id desc)
        from ${reviews} r join ${accounts} a on a.id = r.account_id
        where r.product_id = ${products}.id and r.is_approved), '[]'::json)`,
      variations: sql<ProductPageRow['variations']>`coalesce((select json_agg(json_build_object(
          'id', v.id, 'category', v.category, 'value', v.value) order by v.id)
        from ${variations} v where v.product_id = ${products}.id and v.is_active), '[]'::json)`,
      variants: variantsColumn(true),
      canReview: reader
        ? sql<boolean>`exists (select 1 from ${orderLines} l join ${orders} o on o.id = l.order_id
            where o.account_id = ${pageParam.account} and o.payment_state = 'paid' and l.product_id = ${products}.id)`
        : sql<boolean>`false`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.slug, pageParam.slug), inShop()))
    .prepare(reader ? 'taberna_product_page_reader' : 'taberna_product_page_anonymous');
}

/** The newest available products of a category but one, with their pictures and ratings. */
function prepareRelated(db: Executor) {
  return db
    .select({ ...productSelection, ...extrasColumns })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.categoryId, sql.placeholder('category')),
        ne(products.id, sql.placeholder('exclude')),
        eq(products.isAvailable, true),
        inShop(),
      ),
    )
    .orderBy(...newestFirst)
    .limit(sql.placeholder('limit'))
    .prepare('taberna_related_products');
}

/** The only SQL about categories, products, their pictures, variations and reviews. */
export function createCatalogueRepository(db: Executor) {
  const selectProducts = () =>
    db.select(productSelection).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
  let pageStatements:
    | {
        reader: ReturnType<typeof prepareProductPage>;
        anonymous: ReturnType<typeof prepareProductPage>;
        related: ReturnType<typeof prepareRelated>;
      }
    | undefined;
  const statements = () =>
    (pageStatements ??= {
      reader: prepareProductPage(db, true),
      anonymous: prepareProductPage(db, false),
      related: prepareRelated(db),
    });

  return {
    /** A product page's product (not hidden) by slug, with all it shows but the related products: one statement. */
    async productPage(slug: string, accountId: number | null): Promise<ProductPageRow | undefined> {
      const [row] =
        accountId === null
          ? await statements().anonymous.execute({ slug })
          : await statements().reader.execute({ slug, account: accountId });
      if (!row) return undefined;
      // JSON carries times as text.
      const reviewRows = row.reviews.map((review) => ({
        ...review,
        createdAt: new Date(review.createdAt),
        updatedAt: new Date(review.updatedAt),
      }));
      return { ...row, reviews: reviewRows };
    },

    /** Related products with their pictures and ratings: one statement. */
    relatedWithExtras(categoryId: number, excludeId: number, limit: number): Promise<ProductWithExtras[]> {
      return statements().related.execute({ category: categoryId, exclude: excludeId, limit });
    },

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
              .where(and(eq(products.categoryId, categories.id), inShop())),
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
        .where(and(eq(products.isAvailable, true), inShop()))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    /**
     * A category's products, filtered and sorted as its page asks (contract §8.4 plus the page's
     * controls): all of them, or (issue 24) `page.size` of them after the product `page.after` in
     * the page's order (keyset: the sort keys of that product, read in the statement).
     */
    productsOfCategory(
      categoryId: number,
      filter: CategoryFilter = {},
      page?: { size: number; after: number | undefined },
    ): Promise<ProductRow[]> {
      const hasVariation = (category: VariationCategory, value: string) =>
        exists(
          db
            .select({ one: sql`1` })
            .from(variations)
            .where(
              and(
                eq(variations.productId, products.id),
                eq(variations.category, category),
                eq(variations.isActive, true),
                sql`lower(${variations.value}) = lower(${value})`,
              ),
            ),
        );
      const averageRating = sql`(select avg(${reviews.rating}) from ${reviews} where ${reviews.productId} = ${products.id} and ${reviews.isApproved})`;
      const sort = filter.sort ?? 'newest';
      const order = {
        newest: newestFirst,
        price: [asc(products.price), desc(products.id)],
        '-price': [desc(products.price), desc(products.id)],
        rating: [sql`${averageRating} desc nulls last`, ...newestFirst],
      }[sort];
      // The same keys as the order, of the product the page starts after: rows compare as the order does.
      const x = sql.raw('x');
      const ratingOf = (alias: SQL) =>
        sql`coalesce((select avg(r.rating) from ${reviews} r where r.product_id = ${alias}.id and r.is_approved), -1)`;
      const after =
        page?.after === undefined
          ? undefined
          : {
              newest: sql`(${products.createdAt}, ${products.id}) < (select x.created_at, x.id from ${products} x where x.id = ${page.after})`,
              price: sql`(${products.price}, -${products.id}) > (select x.price, -x.id from ${products} x where x.id = ${page.after})`,
              '-price': sql`(${products.price}, ${products.id}) < (select x.price, x.id from ${products} x where x.id = ${page.after})`,
              rating: sql`(${ratingOf(sql`${products}`)}, ${products.createdAt}, ${products.id}) <
                (select ${ratingOf(x)}, x.created_at, x.id from ${products} x where x.id = ${page.after})`,
            }[sort];
      const query = selectProducts()
        .where(
          and(
            after,
            eq(products.categoryId, categoryId),
            inShop(),
            filter.minPrice === undefined ? undefined : gte(products.price, filter.minPrice),
            filter.maxPrice === undefined ? undefined : lte(products.price, filter.maxPrice),
            filter.color === undefined ? undefined : hasVariation('color', filter.color),
            filter.size === undefined ? undefined : hasVariation('size', filter.size),
            filter.inStock ? gt(products.stock, 0) : undefined,
          ),
        )
        .orderBy(...order);
      return page ? query.limit(page.size) : query;
    },

    /** The distinct active colours and sizes of a category's products, in first-seen order. */
    async variationValuesOfCategory(categoryId: number): Promise<{ category: string; value: string }[]> {
      return db
        .select({ category: variations.category, value: sql<string>`min(${variations.value})` })
        .from(variations)
        .innerJoin(products, eq(products.id, variations.productId))
        .where(and(eq(products.categoryId, categoryId), eq(variations.isActive, true), inShop()))
        .groupBy(variations.category, sql`lower(${variations.value})`)
        .orderBy(sql`min(${variations.id})`);
    },

    /** A product the shop shows (active, not deleted), by id. */
    async productById(id: number): Promise<ProductRow | undefined> {
      const [row] = await selectProducts().where(and(eq(products.id, id), inShop()));
      return row;
    },

    /** Products by id (whatever their status) with their pictures, ratings and every variant: one statement. */
    productsWithExtrasByIds(ids: number[]): Promise<ProductWithVariants[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ ...productSelection, ...extrasColumns, variants: variantsColumn(false) })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(inArray(products.id, ids));
    },

    productsByIds(ids: number[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return selectProducts().where(inArray(products.id, ids));
    },

    /**
     * Full-text search over name (weight A) and description (weight B), ranked, with trigram
     * similarity for typos ("jaket" finds "jacket", and through `spellings` "oragnic" finds
     * "organic"); descriptions need whole-word similarity, so a shared prefix ("shoes", "shopping")
     * is not a match. Words naming a colour or size (`variationWords`) match products that come in
     * it; such a match alone ranks below any match of the name or description. The query is a bound
     * parameter, never a pattern. Issue 24: the products to rank come from indexes, the full-text
     * and colour or size matches first; typos (`<%` on the name's trigram index, `<<%` on the
     * description's) are looked for only when those are fewer than `limit`. Run on an expensive
     * read (its trigram thresholds: see `core/expensive-reads.ts`).
     */
    search(query: ShopSearchQuery, limit: number): Promise<ProductRow[]> {
      const { text, spellings, variationWords } = query;
      const tsq = sql`websearch_to_tsquery('english', ${text}::text)`;
      const greatest = (similarity: (spelling: string) => SQL) =>
        sql`greatest(${sql.join(
          spellings.map((spelling) => similarity(spelling)),
          sql`, `,
        )})`;
      const nameSimilarity = greatest((spelling) => sql`word_similarity(${spelling}::text, ${products.name})`);
      const descriptionSimilarity = greatest(
        (spelling) => sql`strict_word_similarity(${spelling}::text, ${products.description})`,
      );
      const textMatch = sql`(${products.searchVector} @@ ${tsq} or ${nameSimilarity} >= 0.4 or ${descriptionSimilarity} >= 0.5)`;
      const textRank = sql`(case when ${textMatch} then ts_rank(${products.searchVector}, ${tsq}) + ${nameSimilarity} + 0.5 * ${descriptionSimilarity} + 1 else 0 end)`;
      const lowered = sql.join(
        variationWords.map((word) => sql`${word.toLowerCase()}::text`),
        sql`, `,
      );
      const variationHits =
        variationWords.length === 0
          ? sql`0`
          : sql`(select count(distinct lower(${variations.value})) from ${variations} where ${variations.productId} = ${products.id} and ${variations.isActive} and lower(${variations.value}) in (${lowered}))`;
      const inVariations =
        variationWords.length === 0
          ? sql``
          : sql` union select ${variations.productId} from ${variations} where ${variations.isActive} and lower(${variations.value}) in (${lowered})`;
      // The short names first: a row's recheck stops at the first that holds, and a description costs the most.
      const typos = sql.join(
        [
          ...spellings.map((spelling) => sql`${spelling}::text <% ${products.name}`),
          ...spellings.map((spelling) => sql`${spelling}::text <<% ${products.description}`),
        ],
        sql` or `,
      );
      const candidates = sql`(with found as materialized (
          select ${products.id} as id from ${products} where ${products.searchVector} @@ ${tsq}${inVariations})
        select id from found
        union
        select ${products.id} from ${products} where (select count(*) from found) < ${limit}::int and (${typos}))`;
      return selectProducts()
        .where(and(listedInShop(), sql`${products.id} in ${candidates}`, sql`(${textMatch} or ${variationHits} > 0)`))
        .orderBy(
          desc(query.variationsFirst ? sql`10 * ${variationHits} + ${textRank}` : sql`${textRank} + 0.5 * ${variationHits}`),
          desc(products.id),
        )
        .limit(limit);
    },

    /**
     * Which of these spellings some product's name or description is near (`<%`, `<<%`: the
     * thresholds of the expensive read), each probed on its trigram index. Issue 24: the search
     * ranks by the near ones only, since one that is near nothing can match nothing; comparing
     * every transposition with every candidate's description cost most of a typo search at 100×.
     */
    async nearSpellings(spellings: string[]): Promise<string[]> {
      if (spellings.length === 0) return [];
      const probes = spellings.map(
        (spelling, index) =>
          sql`select ${index}::int as i where exists (select 1 from ${products} where ${spelling}::text <% ${products.name})
                or exists (select 1 from ${products} where ${spelling}::text <<% ${products.description})`,
      );
      const result = await db.execute(sql.join(probes, sql` union all `));
      const near = new Set((result as unknown as { rows: { i: number }[] }).rows.map((row) => row.i));
      return spellings.filter((_, index) => near.has(index));
    },

    /** Which of these words are the value of some active colour or size (case-insensitive). */
    async variationValuesAmong(words: string[]): Promise<Set<string>> {
      if (words.length === 0) return new Set();
      const lowered = words.map((word) => word.toLowerCase());
      const rows = await db
        .select({ value: sql<string>`lower(${variations.value})` })
        .from(variations)
        .innerJoin(products, eq(products.id, variations.productId))
        .where(and(eq(variations.isActive, true), inShop(), inArray(sql`lower(${variations.value})`, lowered)))
        .groupBy(sql`lower(${variations.value})`);
      return new Set(rows.map((row) => row.value));
    },

    /** The gallery and approved-review rating of these products, in one statement (issue 12). */
    async extrasOf(productIds: number[]): Promise<ProductExtras> {
      if (productIds.length === 0) return { pictures: [], ratings: new Map() };
      const rows = await db
        .select({ id: products.id, ...extrasColumns })
        .from(products)
        .where(inArray(products.id, productIds));
      return extrasOfRows(rows as ProductWithExtras[]);
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
