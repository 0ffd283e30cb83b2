import type { z } from 'zod';
import { MAX_STOCK, type BoLedgerRow, type ListPage, type boLedgerQuerySchema } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import { createVariantsRepository } from '../taberna/index.js';
import type { AuditedActions, Audited } from './audit-trail.js';
import { createBoCatalogueRepository } from './catalogue.repository.js';
import { listPage, listRead } from './list-page.js';
import { createStockRepository } from './stock.repository.js';
import { variantName } from './variants.service.js';

interface Change {
  product_id: number;
  /** Needed when the product has more than one variant (issue 25). */
  variant_id?: number | undefined;
  delta: number;
}

const LIMIT = MAX_STOCK.toLocaleString('en');

/** Stock adjustments of a variant with a reason, and the ledger of every change. */
export function createStockService(
  { db, config, expensiveReads }: Pick<Deps, 'db' | 'config' | 'expensiveReads'>,
  audited: AuditedActions,
) {
  const stock = createStockRepository(db);

  async function apply(tx: Executor, record: (entry: Audited) => Promise<void>, actor: AuthUser, change: Change, reason: string) {
    const variants = createVariantsRepository(tx);
    // The product's row first, as orders take it: no deadlock with a checkout of the same product.
    if (!(await variants.lockProduct(change.product_id))) throw new NotFound(`No product ${change.product_id}.`);
    const product = (await createBoCatalogueRepository(tx).product(change.product_id))!;
    const active = await variants.ofProduct(change.product_id);
    const variant =
      change.variant_id === undefined
        ? active.length === 1
          ? active[0]
          : undefined
        : active.find((candidate) => candidate.id === change.variant_id);
    if (!variant) {
      throw change.variant_id === undefined
        ? Invalid.fields({ variant_id: [`${product.name} has ${active.length} variants: choose one.`] })
        : new NotFound(`No variant ${change.variant_id} of ${product.name}.`);
    }
    const after = await variants.move(
      change.product_id,
      variant.id,
      change.delta,
      { kind: 'adjustment', reason, actorId: actor.accountId },
      { max: MAX_STOCK },
    );
    // Issue 26 S5: a variant never goes below 0 nor above MAX_STOCK, so no sum overflows its column.
    if (after === undefined) {
      const name = `${product.name} (${variantName(variant)})`;
      throw Invalid.fields({
        delta: [
          change.delta < 0
            ? `${name} has ${variant.stock} in stock: it cannot go below 0.`
            : `${name} has ${variant.stock} in stock: a variant holds at most ${LIMIT}.`,
        ],
      });
    }
    await record({
      action: 'stock.adjust',
      target: `product:${change.product_id}`,
      targetLabel: `${product.name} (${variantName(variant)})`,
      before: { stock: product.stock, variant_id: variant.id, variant_stock: variant.stock },
      after: { stock: after.stock, variant_stock: after.variantStock, delta: change.delta, reason },
    });
    return { product_id: change.product_id, stock: after.stock, variant_id: variant.id, variant_stock: after.variantStock };
  }

  return {
    adjust: (actor: AuthUser, change: Change, reason: string) =>
      audited(actor, (tx, record) => apply(tx, record, actor, change, reason)),

    /** All or nothing, in product id order (the order orders lock products in, so no deadlock). */
    bulkAdjust: (actor: AuthUser, changes: Change[], reason: string) =>
      audited(actor, async (tx, record) => {
        const sorted = [...changes].sort((a, b) => a.product_id - b.product_id || (a.variant_id ?? 0) - (b.variant_id ?? 0));
        const keys = sorted.map((c) => `${c.product_id}:${c.variant_id ?? ''}`);
        if (new Set(keys).size !== keys.length) throw Invalid.fields({ items: ['Each product or variant only once.'] });
        const results = [];
        for (const change of sorted) results.push(await apply(tx, record, actor, change, reason));
        return { results };
      }),

    async ledger(query: z.output<typeof boLedgerQuerySchema>, url: string): Promise<ListPage<BoLedgerRow>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) => createStockRepository(reader).list(query));
      return listPage(config.publicUrl, url, query, listed, listed.rows);
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
