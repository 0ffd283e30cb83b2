import type { Executor } from '../db/client.js';
import { createVariantsRepository, quantitiesByVariant } from './variants.repository.js';

type Line = { productId: number; variantId: number | null; quantity: number };

/** A line whose stock could not be taken: its variant, and how many of it are left. */
export interface Shortage {
  productId: number;
  variantId: number;
  left: number;
}

/**
 * Takes the lines' quantities off their variants' stock for an order (issue 25), inside the
 * caller's transaction: each product's row locked once, in product id order, then its variants
 * in id order; a product not on sale or a variant not sold or without enough stock stops it
 * there and is answered (the caller throws, and the transaction puts back what was taken).
 */
export async function reserveLines(tx: Executor, lines: readonly Line[], orderId: number): Promise<Shortage | undefined> {
  const variants = createVariantsRepository(tx);
  let locked: number | undefined;
  let onSale = false;
  for (const { productId, variantId, quantity } of quantitiesByVariant(lines)) {
    if (locked !== productId) {
      const product = await variants.lockProduct(productId);
      onSale = product !== undefined && product.isAvailable && product.status === 'active';
      locked = productId;
    }
    const moved =
      onSale &&
      (await variants.move(
        productId,
        variantId,
        -quantity,
        { kind: 'reservation', reason: 'Reserved by an order', orderId },
        {
          activeOnly: true,
        },
      ));
    if (!moved) {
      const variant = await variants.byId(variantId);
      return { productId, variantId, left: onSale && variant?.isActive ? variant.stock : 0 };
    }
  }
  return undefined;
}

/** Gives the lines' quantities back to their variants (cancel, expiry, refund), in the same lock order. */
export async function releaseLines(
  tx: Executor,
  lines: readonly Line[],
  entry: { orderId: number; reason: string; actorId?: number | null },
): Promise<void> {
  const variants = createVariantsRepository(tx);
  let locked: number | undefined;
  for (const { productId, variantId, quantity } of quantitiesByVariant(lines)) {
    if (locked !== productId) {
      await variants.lockProduct(productId);
      locked = productId;
    }
    await variants.move(productId, variantId, quantity, { kind: 'release', ...entry });
  }
}
