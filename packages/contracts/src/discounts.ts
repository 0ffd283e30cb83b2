import { z } from 'zod';
import { listQueryBase, moneySchema, priceInput } from './backoffice.js';
import { FIELD_MESSAGES } from './fields.js';
import { cartIdField } from './taberna.js';

/**
 * Issue 28: discount codes, kept by staff (`/api/backoffice/discounts/`) and applied by shoppers
 * to their cart (`/taberna-cart/api/discount/`). `value` is a decimal string: an amount off for
 * `fixed` ("5.00"), a percentage off the merchandise subtotal for `percent` ("10", at most 100).
 */

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_CODE_MAX = 40;

const codeField = z
  .string({ error: (i) => (i.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
  .trim()
  .min(1, { error: FIELD_MESSAGES.blank })
  .max(DISCOUNT_CODE_MAX, { error: FIELD_MESSAGES.maxLength(DISCOUNT_CODE_MAX) });

/** Letters, digits, - and _ (what a shopper can type without doubt); case does not matter. */
const newCodeField = codeField.regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only.' });

const kindField = z.enum(DISCOUNT_KINDS, { error: 'Choose percent or fixed.' });
const valueField = priceInput.refine((v) => Number(v) > 0, { error: 'Enter a value above 0.' });
const dateField = z.iso
  .datetime({ offset: true, error: 'Enter a date and time such as 2026-12-01T00:00:00Z.' })
  .nullish()
  .transform((value) => value ?? null);
const limitField = z
  .number({ error: FIELD_MESSAGES.notInteger })
  .int({ error: FIELD_MESSAGES.notInteger })
  .min(1, { error: 'Ensure this value is at least 1.' })
  .max(2_147_483_647, { error: 'Ensure this value is at most 2147483647.' })
  .nullish()
  .transform((value) => value ?? null);

export const PERCENT_MAX_MESSAGE = 'A percentage is at most 100.';
export const ENDS_BEFORE_START_MESSAGE = 'The end must be after the start.';

export const discountCreateSchema = z
  .object({
    code: newCodeField,
    kind: kindField,
    value: valueField,
    min_subtotal: priceInput.nullish().transform((value) => value ?? null),
    starts_at: dateField,
    ends_at: dateField,
    usage_limit: limitField,
    once_per_customer: z.boolean({ error: FIELD_MESSAGES.notBoolean }).default(false),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && Number(input.value) > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: PERCENT_MAX_MESSAGE });
    if (input.starts_at && input.ends_at && Date.parse(input.ends_at) <= Date.parse(input.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: ENDS_BEFORE_START_MESSAGE });
  });
export type DiscountCreate = z.input<typeof discountCreateSchema>;

/** Any of the fields; null clears an optional one. The percentage and the dates are checked against the stored code. */
export const discountUpdateSchema = z.object({
  code: newCodeField.optional(),
  kind: kindField.optional(),
  value: valueField.optional(),
  min_subtotal: priceInput.nullish(),
  starts_at: z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-12-01T00:00:00Z.' }).nullish(),
  ends_at: z.iso.datetime({ offset: true, error: 'Enter a date and time such as 2026-12-01T00:00:00Z.' }).nullish(),
  usage_limit: limitField.optional(),
  once_per_customer: z.boolean({ error: FIELD_MESSAGES.notBoolean }).optional(),
});
export type DiscountUpdate = z.input<typeof discountUpdateSchema>;

/**
 * A code as staff see it: `used` counts its paid orders, `reserved` the orders placed with it and
 * waiting for payment (they hold a use until paid, cancelled or expired).
 */
export const discountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: kindField,
  value: moneySchema,
  min_subtotal: moneySchema.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  once_per_customer: z.boolean(),
  used: z.number().int(),
  reserved: z.number().int(),
  created_at: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

/** Newest first, keyset pages (`next`); `search` finds codes containing the text. */
export const discountListSchema = z.object({ results: z.array(discountSchema), next: z.string().nullable() });
export type DiscountList = z.infer<typeof discountListSchema>;
export const discountQuerySchema = z.object({
  search: listQueryBase.shape.search,
  page_size: listQueryBase.shape.page_size,
  /** The last id of the page before (from `next`). */
  cursor: z.coerce
    .number({ error: FIELD_MESSAGES.notInteger })
    .int({ error: FIELD_MESSAGES.notInteger })
    .min(1, { error: FIELD_MESSAGES.notInteger })
    .max(2_147_483_647, { error: FIELD_MESSAGES.notInteger })
    .optional(),
});

/** `POST /taberna-cart/api/discount/`: the code, any case, and the guest's cart. */
export const applyDiscountSchema = z.object({ code: codeField, cart_id: cartIdField });
export type ApplyDiscount = z.input<typeof applyDiscountSchema>;
