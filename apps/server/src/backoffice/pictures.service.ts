import { randomUUID } from 'node:crypto';
import type { BoProductImage } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import { IMAGE_FORMATS, ImageRejected, processImage, type ImageLimits } from '../core/images/image-processing.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import type { AuditedActions } from './audit-trail.js';
import { createBoCatalogueRepository, type GalleryRow } from './catalogue.repository.js';

export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const PRODUCT_IMAGE_LIMITS: ImageLimits = {
  formats: IMAGE_FORMATS,
  maxBytes: PRODUCT_IMAGE_MAX_BYTES,
  maxPixels: 40_000_000,
  maxDimension: 1600,
};

type Repo = ReturnType<typeof createBoCatalogueRepository>;

/** A picture as the back office answers it. */
export const imageAnswerOf =
  (media: MediaStorage) =>
  (row: GalleryRow): BoProductImage => ({
    id: row.id,
    image: media.url(row.image),
    position: row.position,
    color: row.color,
  });

/** The product's main picture is the first of its gallery. */
async function syncMainImage(txRepo: Repo, productId: number) {
  const [first] = await txRepo.galleryOf(productId);
  if (first) await txRepo.updateProduct(productId, { image: first.image });
}

/**
 * A colour given with a picture (issue 25): one of the product's colours (case-insensitive), written
 * as the product writes it; null or empty for every colour.
 */
async function colorOf(txRepo: Repo, productId: number, color: string | null) {
  const wanted = color?.trim();
  if (!wanted) return null;
  const colors = (await txRepo.variationsOf(productId)).filter((v) => v.category === 'color').map((v) => v.value);
  const match = colors.find((value) => value.toLowerCase() === wanted.toLowerCase());
  if (match) return match;
  throw Invalid.fields({
    color: [colors.length > 0 ? `Choose one of the product's colours: ${colors.join(', ')}.` : 'This product has no colours.'],
  });
}

/** A product's pictures as staff edit them: add (re-encoded), tag with a colour, order, delete; each audited. */
export function createBoPicturesService({ db, media }: Pick<Deps, 'db' | 'media'>, audited: AuditedActions) {
  const repo = createBoCatalogueRepository(db);
  const imageAnswer = imageAnswerOf(media);

  return {
    async add(actor: AuthUser, productId: number, data: Buffer, color: string | null = null): Promise<BoProductImage> {
      if (!(await repo.product(productId))) throw new NotFound('No such product.');
      await colorOf(repo, productId, color);
      let processed;
      try {
        processed = await processImage(data, PRODUCT_IMAGE_LIMITS);
      } catch (error) {
        if (error instanceof ImageRejected) throw Invalid.fields({ image: [error.message] });
        throw error;
      }
      const key = `store/gallery/${randomUUID()}.${processed.extension}`;
      await media.put(key, processed.data, processed.contentType);
      try {
        return await audited(actor, async (tx, record) => {
          const txRepo = createBoCatalogueRepository(tx);
          const product = await txRepo.product(productId, true);
          if (!product) throw new NotFound('No such product.');
          const row = await txRepo.addImage(productId, key, await colorOf(txRepo, productId, color));
          await syncMainImage(txRepo, productId);
          await record({
            action: 'product.image_add',
            target: `product:${productId}`,
            targetLabel: product.name,
            after: { image: key, color: row.color },
          });
          return imageAnswer(row);
        });
      } catch (error) {
        await media.delete(key).catch(() => undefined);
        throw error;
      }
    },

    /** Issue 25: which colour a picture shows (null: every colour). */
    async update(actor: AuthUser, productId: number, imageId: number, color: string | null): Promise<BoProductImage> {
      return audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        const product = await txRepo.product(productId, true);
        if (!product) throw new NotFound('No such product.');
        const before = (await txRepo.galleryOf(productId)).find((row) => row.id === imageId);
        if (!before) throw new NotFound('No such picture of this product.');
        const row = (await txRepo.setImageColor(productId, imageId, await colorOf(txRepo, productId, color)))!;
        await record({
          action: 'product.image_update',
          target: `product:${productId}`,
          targetLabel: product.name,
          before: { image: before.image, color: before.color },
          after: { image: row.image, color: row.color },
        });
        return imageAnswer(row);
      });
    },

    async remove(actor: AuthUser, productId: number, imageId: number): Promise<void> {
      const key = await audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        const product = await txRepo.product(productId, true);
        if (!product) throw new NotFound('No such product.');
        const removed = await txRepo.deleteImage(productId, imageId);
        if (!removed) throw new NotFound('No such picture of this product.');
        const rest = await txRepo.galleryOf(productId);
        if (rest.length === 0 && product.image === removed.image) await txRepo.updateProduct(productId, { image: null });
        else await syncMainImage(txRepo, productId);
        await record({
          action: 'product.image_delete',
          target: `product:${productId}`,
          targetLabel: product.name,
          before: { image: removed.image },
        });
        return removed.image;
      });
      await media.delete(key).catch(() => undefined);
    },

    async order(actor: AuthUser, productId: number, ids: number[]): Promise<BoProductImage[]> {
      return audited(actor, async (tx, record) => {
        const txRepo = createBoCatalogueRepository(tx);
        const product = await txRepo.product(productId, true);
        if (!product) throw new NotFound('No such product.');
        const current = await txRepo.galleryOf(productId);
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
          throw Invalid.fields({ ids: ['List every picture of this product once.'] });
        }
        for (const [position, id] of ids.entries()) await txRepo.setImagePosition(id, position);
        await syncMainImage(txRepo, productId);
        await record({
          action: 'product.image_order',
          target: `product:${productId}`,
          targetLabel: product.name,
          before: { ids: current.map((row) => row.id) },
          after: { ids },
        });
        return (await txRepo.galleryOf(productId)).map(imageAnswer);
      });
    },
  };
}

export type BoPicturesService = ReturnType<typeof createBoPicturesService>;
