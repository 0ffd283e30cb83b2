import { loadSharp } from '../core/images/sharp.js';
import type { Deps } from '../core/deps.js';
import type { MailAttachment } from '../core/mail/mailer.js';
import { createCatalogueRepository } from './catalogue.repository.js';
import { colorImageKey } from './product.serializer.js';

/** Small enough for any mail client, sharp on a phone's screen (shown at 48 px). */
const THUMBNAIL = 96;

/**
 * Each order line's colour picture (issue 25: the blue shirt's picture for a blue shirt), as a
 * small JPEG to send inline with an order email: every mail client shows JPEG, and the email
 * loads nothing from the portal. A line whose picture cannot be read simply has none.
 */
export function createOrderPictures({ db, media, log }: Pick<Deps, 'db' | 'media' | 'log'>) {
  const catalogue = createCatalogueRepository(db);
  return async function picturesOf(
    lines: { id: number; productId: number; color: string | null }[],
  ): Promise<Map<number, MailAttachment>> {
    const pictures = new Map<number, MailAttachment>();
    try {
      const products = new Map(
        (await catalogue.productsWithExtrasByIds([...new Set(lines.map((line) => line.productId))])).map((p) => [p.id, p]),
      );
      const thumbnails = new Map<string, Buffer | undefined>();
      for (const line of lines) {
        const product = products.get(line.productId);
        const key = product && colorImageKey(product, line.color);
        if (!key) continue;
        if (!thumbnails.has(key)) {
          const original = await media.get(key);
          const sharp = await loadSharp();
          thumbnails.set(
            key,
            original &&
              (await sharp(original)
                .resize(THUMBNAIL, THUMBNAIL, { fit: 'cover' })
                .flatten({ background: '#ffffff' })
                .jpeg({ quality: 80 })
                .toBuffer()),
          );
        }
        const content = thumbnails.get(key);
        if (content)
          pictures.set(line.id, {
            filename: `item-${line.id}.jpg`,
            content,
            contentType: 'image/jpeg',
            cid: `item-${line.id}@taberna`,
          });
      }
    } catch (error) {
      log.warn({ err: error }, 'order email pictures could not be made; the email goes without them');
    }
    return pictures;
  };
}

export type OrderPictures = ReturnType<typeof createOrderPictures>;
