import type { Product, ProductVariant, Review } from '@portal/contracts';
import { MEDIA_URL_PREFIX } from '../core/media/disk-media-storage.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { PageReview, ProductExtras, ProductRow, VariantJson } from './catalogue.repository.js';
import { centsToDecimal, toCents } from './money.js';
import { isoUtc } from './shop-dates.js';

export const productPath = (categorySlug: string, productSlug: string) =>
  `/taberna-store/category/${categorySlug}/${productSlug}/`;
export const categoryPath = (categorySlug: string) => `/taberna-store/category/${categorySlug}/`;

/** Contract §2 "Product": the rows with the gallery and ratings loaded for them (`CatalogueRepository.extrasOf`). */
export function serializeProducts(
  rows: ProductRow[],
  { pictures, ratings }: ProductExtras,
  media: MediaStorage,
  options: { relativeGallery?: boolean } = {},
): Product[] {
  const relativeGallery = options.relativeGallery ?? false;
  return rows.map((row) => {
    const rating = ratings.get(row.id);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: row.image ? media.url(row.image) : null,
      get_absolute_url: productPath(row.categorySlug, row.slug),
      description: row.description,
      price: centsToDecimal(toCents(row.price)),
      // Contract §1.7: search results carry server-relative gallery pictures; everything else absolute.
      // The further pictures: a back-office product's main picture is its first gallery picture, not shown twice.
      productgallery: pictures
        .filter((picture) => picture.productId === row.id && picture.image !== row.image)
        .map((picture) => ({
          id: picture.id,
          image: relativeGallery ? `${MEDIA_URL_PREFIX}${picture.image}` : media.url(picture.image),
          color: picture.color ?? null,
        })),
      stock: row.stock,
      is_available: row.isAvailable,
      category: { name: row.categoryName, slug: row.categorySlug },
      average_rating: rating ? Math.round(rating.average * 10) / 10 : null,
      reviews_count: rating?.count ?? 0,
    };
  });
}

/**
 * The picture of a colour of a product (issue 25): its first gallery picture of that colour, else
 * the product's main picture (which is left out of `productgallery`, so whatever colour it shows
 * it is the right one to fall back on).
 */
export function colorImage(product: Pick<Product, 'image' | 'productgallery'>, color: string | null | undefined): string | null {
  const wanted = color?.toLowerCase();
  const match = wanted ? product.productgallery.find((picture) => picture.color?.toLowerCase() === wanted) : undefined;
  return match?.image ?? product.image;
}

/** The same for a product row read with its gallery rows: the media key of its colour's picture. */
export function colorImageKey(
  product: { image: string | null; pictures: { image: string; color: string | null }[] },
  color: string | null | undefined,
): string | null {
  const wanted = color?.toLowerCase();
  const match = wanted ? product.pictures.find((picture) => picture.color?.toLowerCase() === wanted) : undefined;
  return match?.image ?? product.image;
}

/** The shop's variants of a product page (issue 25): each active combination, and whether it can be bought. */
export function serializeVariants(variants: VariantJson[], available: boolean): ProductVariant[] {
  return variants.map((variant) => ({
    color: variant.color,
    size: variant.size,
    sku: variant.sku,
    price: variant.price === null ? null : centsToDecimal(toCents(String(variant.price))),
    in_stock: available && variant.stock > 0,
  }));
}

export function serializeReview(row: PageReview): Review {
  return {
    id: row.id,
    user: `${row.firstName} ${row.lastName}`.trim(),
    subject: row.subject,
    review: row.review,
    rating: row.rating,
    created_at: isoUtc(row.createdAt),
    updated_at: isoUtc(row.updatedAt),
  };
}
