import type { z } from 'zod';
import type { BoLedgerRow, ListPage, boLedgerQuerySchema } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import type { AuditedActions, Audited } from './audit-trail.js';
import { createBoCatalogueRepository } from './catalogue.repository.js';
import { listPage, listRead } from './list-page.js';
import { createStockRepository } from './stock.repository.js';

interface Change {
  product_id: number;
  delta: number;
}

/** Stock adjustments with a reason, and the ledger of every change. */
export function createStockService(
  { db, config, expensiveReads }: Pick<Deps, 'db' | 'config' | 'expensiveReads'>,
  audited: AuditedActions,
) {
  const stock = createStockRepository(db);

  async function apply(tx: Executor, record: (entry: Audited) => Promise<void>, actor: AuthUser, change: Change, reason: string) {
    const product = await createBoCatalogueRepository(tx).product(change.product_id, true);
    if (!product) throw new NotFound(`No product ${change.product_id}.`);
    const after = await createStockRepository(tx).adjust(change.product_id, change.delta, {
      kind: 'adjustment',
      reason,
      actorId: actor.accountId,
    });
    if (after === undefined) {
      throw Invalid.fields({ delta: [`${product.name} has ${product.stock} in stock: it cannot go below 0.`] });
    }
    await record({
      action: 'stock.adjust',
      target: `product:${change.product_id}`,
      targetLabel: product.name,
      before: { stock: product.stock },
      after: { stock: after, delta: change.delta, reason },
    });
    return { product_id: change.product_id, stock: after };
  }

  return {
    adjust: (actor: AuthUser, change: Change, reason: string) =>
      audited(actor, (tx, record) => apply(tx, record, actor, change, reason)),

    /** All or nothing, in product id order (the order orders lock products in, so no deadlock). */
    bulkAdjust: (actor: AuthUser, changes: Change[], reason: string) =>
      audited(actor, async (tx, record) => {
        const sorted = [...changes].sort((a, b) => a.product_id - b.product_id);
        if (new Set(sorted.map((c) => c.product_id)).size !== sorted.length) {
          throw Invalid.fields({ items: ['Each product only once.'] });
        }
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
