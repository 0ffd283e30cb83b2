import type { Product, Review } from '@portal/contracts';
import { MEDIA_URL_PREFIX } from '../core/media/disk-media-storage.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { CatalogueRepository, GalleryRow, ProductRow, Rating, ReviewRow } from './catalogue.repository.js';
import { centsToDecimal, toCents } from './money.js';
import { isoUtc } from './shop-dates.js';

export const productPath = (categorySlug: string, productSlug: string) =>
  `/taberna-store/category/${categorySlug}/${productSlug}/`;
export const categoryPath = (categorySlug: string) => `/taberna-store/category/${categorySlug}/`;

export interface ProductSerializer {
  /** Products with their gallery and rating, loaded in two queries for the whole list. */
  many(rows: ProductRow[], options?: { relativeGallery?: boolean }): Promise<Product[]>;
  one(row: ProductRow): Promise<Product>;
  review(row: ReviewRow): Review;
}

export function createProductSerializer(repo: CatalogueRepository, media: MediaStorage): ProductSerializer {
  const toProduct = (row: ProductRow, pictures: GalleryRow[], rating: Rating | undefined, relativeGallery: boolean): Product => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image ? media.url(row.image) : null,
    get_absolute_url: productPath(row.categorySlug, row.slug),
    description: row.description,
    price: centsToDecimal(toCents(row.price)),
    // Contract §1.7: search results carry server-relative gallery pictures; everything else absolute.
    productgallery: pictures.map((picture) => ({
      id: picture.id,
      image: relativeGallery ? `${MEDIA_URL_PREFIX}${picture.image}` : media.url(picture.image),
    })),
    stock: row.stock,
    is_available: row.isAvailable,
    category: { name: row.categoryName, slug: row.categorySlug },
    average_rating: rating ? Math.round(rating.average * 10) / 10 : null,
    reviews_count: rating?.count ?? 0,
  });

  const many: ProductSerializer['many'] = async (rows, options = {}) => {
    const ids = rows.map((row) => row.id);
    const [pictures, ratings] = await Promise.all([repo.galleryOf(ids), repo.ratingsOf(ids)]);
    return rows.map((row) =>
      toProduct(
        row,
        pictures.filter((picture) => picture.productId === row.id),
        ratings.get(row.id),
        options.relativeGallery ?? false,
      ),
    );
  };

  return {
    many,
    one: async (row) => (await many([row]))[0]!,
    review: (row) => ({
      id: row.id,
      user: `${row.firstName} ${row.lastName}`.trim(),
      subject: row.subject,
      review: row.review,
      rating: row.rating,
      created_at: isoUtc(row.createdAt),
      updated_at: isoUtc(row.updatedAt),
    }),
  };
}
