import type { z } from 'zod';
import {
  ENDS_BEFORE_START_MESSAGE,
  PERCENT_MAX_MESSAGE,
  type Discount,
  type DiscountList,
  type discountCreateSchema,
  type discountQuerySchema,
  type discountUpdateSchema,
} from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import { uniqueViolation } from '../db/errors.js';
import {
  centsToDecimal,
  createDiscountsRepository,
  toCents,
  type DiscountRow,
  type DiscountUses,
  type NewDiscount,
} from '../taberna/index.js';
import type { AuditedActions } from './audit-trail.js';
import { createBoDiscountsRepository } from './discounts.repository.js';
import { listRead, requestLink } from './list-page.js';

type Create = z.output<typeof discountCreateSchema>;
type Update = z.output<typeof discountUpdateSchema>;

const NO_DISCOUNT = 'No such discount code.';
const TAKEN = 'A discount code with these letters already exists (codes are the same whatever their case).';
const NO_USES: DiscountUses = { used: 0, reserved: 0 };

/** Staff read a value in percent or money with two decimals; it is stored in hundredths (basis points or cents). */
const answer = (row: DiscountRow, uses: DiscountUses = NO_USES): Discount => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: centsToDecimal(row.value),
  min_subtotal: row.minSubtotalCents === null ? null : centsToDecimal(row.minSubtotalCents),
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
  usage_limit: row.usageLimit,
  once_per_customer: row.oncePerCustomer,
  used: uses.used,
  reserved: uses.reserved,
  created_at: row.createdAt.toISOString(),
});

const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

function stored(input: Partial<Create>): Partial<NewDiscount> {
  return {
    code: input.code,
    kind: input.kind,
    value: input.value === undefined ? undefined : toCents(input.value),
    minSubtotalCents:
      input.min_subtotal === undefined ? undefined : input.min_subtotal === null ? null : toCents(input.min_subtotal),
    startsAt: dateOf(input.starts_at),
    endsAt: dateOf(input.ends_at),
    usageLimit: input.usage_limit,
    oncePerCustomer: input.once_per_customer,
  };
}

/** The rules that span fields, on the code as it will be after an edit. */
function checkWhole(row: Pick<DiscountRow, 'kind' | 'value' | 'startsAt' | 'endsAt'>): void {
  if (row.kind === 'percent' && row.value > 10_000) throw Invalid.fields({ value: [PERCENT_MAX_MESSAGE] });
  if (row.startsAt && row.endsAt && row.endsAt <= row.startsAt) throw Invalid.fields({ ends_at: [ENDS_BEFORE_START_MESSAGE] });
}

/** Two saves of the same code at once: the second is told, as if in turn. */
async function keyed<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'taberna_discounts_code_key') throw Invalid.fields({ code: [TAKEN] });
    throw error;
  }
}

/** Issue 28: discount codes as staff keep them; each change is one audited transaction. */
export function createBoDiscountsService(
  { db, config, expensiveReads }: Pick<Deps, 'db' | 'config' | 'expensiveReads'>,
  audited: AuditedActions,
) {
  const repo = createDiscountsRepository(db);

  return {
    /** Keyset pages: `next` is this request's link with `cursor` set to the page's last id. */
    async list(query: z.output<typeof discountQuerySchema>, url: string): Promise<DiscountList> {
      const rows = await listRead({ db, expensiveReads }, query, (reader) =>
        createBoDiscountsRepository(reader).list(query, query.page_size),
      );
      const page = rows.slice(0, query.page_size);
      const uses = await repo.usesOf(page.map((row) => row.id));
      const last = page.at(-1);
      const next = rows.length > query.page_size && last ? requestLink(config.publicUrl, url, 'cursor', last.id) : null;
      return { results: page.map((row) => answer(row, uses.get(row.id))), next };
    },

    create: (actor: AuthUser, input: Create): Promise<Discount> =>
      keyed(() =>
        audited(actor, async (tx, record) => {
          const txRepo = createDiscountsRepository(tx);
          if (await txRepo.byCode(input.code)) throw Invalid.fields({ code: [TAKEN] });
          const id = await txRepo.insert(stored(input) as NewDiscount);
          const created = answer((await txRepo.byId(id))!);
          await record({ action: 'discount.create', target: `discount:${id}`, targetLabel: created.code, after: created });
          return created;
        }),
      ),

    update: (actor: AuthUser, id: number, input: Update): Promise<Discount> =>
      keyed(() =>
        audited(actor, async (tx, record) => {
          const txRepo = createDiscountsRepository(tx);
          const before = await txRepo.lockById(id);
          if (!before) throw new NotFound(NO_DISCOUNT);
          const changes = stored(input);
          checkWhole({ ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) });
          if (input.code !== undefined) {
            const same = await txRepo.byCode(input.code);
            if (same && same.id !== id) throw Invalid.fields({ code: [TAKEN] });
          }
          await txRepo.update(id, changes);
          const uses = (await txRepo.usesOf([id])).get(id);
          const after = answer((await txRepo.byId(id))!, uses);
          await record({
            action: 'discount.update',
            target: `discount:${id}`,
            targetLabel: after.code,
            before: answer(before, uses),
            after,
          });
          return after;
        }),
      ),

    /** Orders placed with it keep its code and amount; carts holding it lose it. */
    async remove(actor: AuthUser, id: number): Promise<void> {
      await audited(actor, async (tx, record) => {
        const txRepo = createDiscountsRepository(tx);
        const before = await txRepo.lockById(id);
        if (!before) throw new NotFound(NO_DISCOUNT);
        const uses = (await txRepo.usesOf([id])).get(id);
        await txRepo.delete(id);
        await record({
          action: 'discount.delete',
          target: `discount:${id}`,
          targetLabel: before.code,
          before: answer(before, uses),
        });
      });
    },
  };
}

export type BoDiscountsService = ReturnType<typeof createBoDiscountsService>;
