import type { z } from 'zod';
import { MAX_STOCK, type BoVariant, type boVariantUpdateSchema } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Conflict, Invalid, NotFound } from '../core/domain-errors.js';
import { createVariantsRepository, type VariantView } from '../taberna/index.js';
import { uniqueViolation } from '../db/errors.js';
import type { AuditedActions } from './audit-trail.js';
import { createBoCatalogueRepository } from './catalogue.repository.js';

export const variantAnswer = (row: VariantView): BoVariant => ({
  id: row.id,
  color: row.color,
  size: row.size,
  sku: row.sku,
  stock: row.stock,
  price: row.price,
});

/** "Blue / L" (or the SKU for a product without options): how staff read a variant. */
export const variantName = (row: Pick<VariantView, 'color' | 'size' | 'sku'>) =>
  [row.color, row.size].filter(Boolean).join(' / ') || row.sku;

/** Issue 25: a product's variants as staff edit them — SKU, stock and own price, each change audited. */
export function createBoVariantsService({ db }: Pick<Deps, 'db'>, audited: AuditedActions) {
  return {
    /** The variants the shop sells (the active ones), in the order the product's colours and sizes were added. */
    async list(productId: number): Promise<{ results: BoVariant[] }> {
      if (!(await createBoCatalogueRepository(db).product(productId))) throw new NotFound('No such product.');
      return { results: (await createVariantsRepository(db).ofProduct(productId)).map(variantAnswer) };
    },

    /** A new SKU, price (null: the product's) or stock (a correction in the ledger). */
    async update(
      actor: AuthUser,
      productId: number,
      variantId: number,
      input: z.output<typeof boVariantUpdateSchema>,
    ): Promise<BoVariant> {
      return audited(actor, async (tx, record) => {
        const variants = createVariantsRepository(tx);
        if (!(await variants.lockProduct(productId))) throw new NotFound('No such product.');
        const before = await variants.byId(variantId);
        if (!before || before.productId !== productId || !before.isActive) throw new NotFound('No such variant of this product.');
        const taken = new Conflict(`The SKU ${input.sku} is taken by another variant.`);
        if (input.sku !== undefined && input.sku !== before.sku && (await variants.skuTaken(input.sku, variantId))) throw taken;
        if (input.sku !== undefined || input.price !== undefined) {
          // Another product's variant may take the same SKU at the same moment: the unique index decides.
          await variants.update(variantId, { sku: input.sku, price: input.price }).catch((error: unknown) => {
            throw uniqueViolation(error) ? taken : error;
          });
        }
        if (input.stock !== undefined && input.stock !== before.stock) {
          const moved = await variants.move(
            productId,
            variantId,
            input.stock - before.stock,
            { kind: 'correction', reason: 'Stock set for the variant', actorId: actor.accountId },
            { max: MAX_STOCK },
          );
          if (!moved) throw Invalid.fields({ stock: [`A variant holds at most ${MAX_STOCK.toLocaleString('en')}.`] });
        }
        const after = (await variants.byId(variantId))!;
        await record({
          action: 'variant.update',
          target: `product:${productId}`,
          targetLabel: variantName(after),
          before: variantAnswer(before),
          after: variantAnswer(after),
        });
        return variantAnswer(after);
      });
    },
  };
}

export type BoVariantsService = ReturnType<typeof createBoVariantsService>;
