import { and, desc, ilike, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { tabernaDiscounts as discounts } from '../db/schema/index.js';
import { containsPattern } from './list-page.js';

/** Issue 28: the back office's list of discount codes: newest first, keyset pages on the primary key. */
export function createBoDiscountsRepository(db: Executor) {
  return {
    /** A page of `size` + 1 rows (the extra one says there is a next page), older than `cursor`. */
    list(query: { search?: string | undefined; cursor?: number | undefined }, size: number) {
      return db
        .select()
        .from(discounts)
        .where(
          and(
            query.cursor === undefined ? undefined : lt(discounts.id, query.cursor),
            query.search ? ilike(discounts.code, containsPattern(query.search)) : undefined,
          ),
        )
        .orderBy(desc(discounts.id))
        .limit(size + 1);
    },
  };
}
