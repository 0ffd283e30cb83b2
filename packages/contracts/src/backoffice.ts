import { z } from 'zod';
import { FIELD_MESSAGES, optionalTextField, textField } from './fields.js';

/**
 * The back office (issue 15): `/api/backoffice/...`, for staff and owners only. Every list answers
 * `{count, next, previous, results}` and takes `search`, `ordering` (a field, `-field` for
 * descending) and `page`/`page_size`, so a data grid sorts, filters and pages on the server.
 */

export const STAFF_ROLES = ['staff', 'owner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Choose staff or owner.' });
/** An account's role: `null` for everyone who does not run the portal. */
export const accountRoleSchema = staffRoleSchema.nullable();
export type AccountRole = z.infer<typeof accountRoleSchema>;

/**
 * Where an order is, as the customer's order answer says it (`order_status`, issue 15): a fixed set
 * that clients know. Issue 28 adds `partially_refunded` for the back office only (ADR 027): the
 * customer's answer says `paid` for it and lists the refunds.
 */
export const CUSTOMER_ORDER_STATUSES = ['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded', 'expired'] as const;
export type CustomerOrderStatus = (typeof CUSTOMER_ORDER_STATUSES)[number];
export const customerOrderStatusSchema = z.enum(CUSTOMER_ORDER_STATUSES);
export const ORDER_STATUSES = [
  'placed',
  'paid',
  'partially_refunded',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'expired',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: `Choose one of: ${ORDER_STATUSES.join(', ')}.` });

/** At or below this many in stock a product is "low stock" (highlighted, counted in the overview). */
export const LOW_STOCK_THRESHOLD = 5;
/**
 * The most one variant may hold (issue 26 S5): staff cannot raise a variant's stock above it, so
 * no product (at most 30 colours × 30 sizes) ever passes what its integer column holds.
 */
export const MAX_STOCK = 1_000_000;

/** Issue 25: only `active` products are in the shop; `draft` ones are being prepared, `archived` ones are retired. */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
const productStatusSchema = z.enum(PRODUCT_STATUSES, { error: `Choose one of: ${PRODUCT_STATUSES.join(', ')}.` });
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
/**
 * Issue 24: lists count at most this many rows; past it their `count` is this and `count_capped`
 * is true (a grid shows "10,000+" and pages on while pages come back full). Searched lists count
 * at most {@link LIST_SEARCH_COUNT_CAP}.
 */
export const LIST_COUNT_CAP = 10_000;
/**
 * A list searched (`?search=`) counts at most this many matches: counting them reads every matching
 * row, and a word common in a shop of 3,000 products matches 16,000 rows of the stock ledger.
 */
export const LIST_SEARCH_COUNT_CAP = 1_000;

const intParam = (min: number, max: number, fallback: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `Enter a whole number from ${min} to ${max}.` });
        return z.NEVER;
      }
      return n;
    });

const boolParam = z
  .enum(['true', 'false'], { error: FIELD_MESSAGES.notBoolean })
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** `ordering`: one of the fields, or the field with a leading `-` for descending. */
export function orderingParam<const T extends readonly [string, ...string[]]>(fields: T, fallback: `${'' | '-'}${T[number]}`) {
  const allowed = fields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return z
    .enum(allowed, { error: `Order by one of: ${allowed.join(', ')}.` })
    .optional()
    .transform((value) => (value ?? fallback) as `${'' | '-'}${T[number]}`);
}

/** The paging and search every back-office list takes. */
export const listQueryBase = z.object({
  search: z
    .string()
    .trim()
    .max(100, { error: FIELD_MESSAGES.maxLength(100) })
    .optional(),
  page: intParam(1, 100_000, 1),
  page_size: intParam(1, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT),
});

/**
 * `{count, count_capped, next, previous, results}`: `count` is the total over every page (the
 * grid's footer), at most {@link LIST_COUNT_CAP} (then `count_capped`).
 */
export function listEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    count: z.number().int(),
    count_capped: z.boolean(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(row),
  });
}
export interface ListPage<T> {
  count: number;
  count_capped: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

const actorSchema = z.object({ id: z.number().int(), email: z.string() }).nullable();

/** A money amount as an exact decimal string with two decimals, e.g. "19.90" (never a float). */
export const moneySchema = z.string();
export const priceInput = z
  .union([z.string(), z.number()], {
    error: (i) => (i.input === undefined ? FIELD_MESSAGES.required : 'Enter a price such as 19.90.'),
  })
  .transform((value) => String(value).trim())
  .pipe(
    z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Enter a price such as 19.90.' })
      .refine((v) => Number(v) <= 1_000_000, { error: 'Ensure this value is at most 1000000.' }),
  );
const intField = (min: number, max: number) =>
  z
    .number({ error: (i) => (i.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notInteger) })
    .int({ error: FIELD_MESSAGES.notInteger })
    .min(min, { error: `Ensure this value is at least ${min}.` })
    .max(max, { error: `Ensure this value is at most ${max}.` });
const idField = intField(1, 2_147_483_647);
const variationList = z
  .array(textField(50), { error: 'Enter a list of values.' })
  .max(30, { error: 'At most 30 values.' })
  .refine((list) => new Set(list.map((v) => v.toLowerCase())).size === list.length, { error: 'Each value only once.' });
const reasonField = textField(200);

// ---- Categories -------------------------------------------------------------------------------

export const boCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  position: z.number().int(),
  products_count: z.number().int(),
  get_absolute_url: z.string(),
});
export type BoCategory = z.infer<typeof boCategorySchema>;
export const boCategoryListSchema = listEnvelope(boCategorySchema);
export const boCategoryQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['position', 'name', 'products_count'], 'position'),
});
export const boCategoryCreateSchema = z.object({ name: textField(50), description: optionalTextField(255) });
export type BoCategoryCreate = z.input<typeof boCategoryCreateSchema>;
/** `position` moves the category there (0 = first); the others shift. */
export const boCategoryUpdateSchema = z.object({
  name: textField(50).optional(),
  description: optionalTextField(255).optional(),
  position: intField(0, 10_000).optional(),
});
export type BoCategoryUpdate = z.input<typeof boCategoryUpdateSchema>;

// ---- Products -------------------------------------------------------------------------------

export const boProductImageSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  position: z.number().int(),
  /** The colour the picture shows (one of the product's colours); null: every colour. */
  color: z.string().nullable(),
});
export type BoProductImage = z.infer<typeof boProductImageSchema>;

export const boProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  get_absolute_url: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  price: moneySchema,
  stock: z.number().int(),
  low_stock: z.boolean(),
  is_available: z.boolean(),
  /** Deleted while it had orders: kept for them, gone from the shop. */
  hidden: z.boolean(),
  status: productStatusSchema,
  image: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BoProductRow = z.infer<typeof boProductRowSchema>;
export const boProductListSchema = listEnvelope(boProductRowSchema);
export const boProductQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['name', 'price', 'stock', 'created_at', 'updated_at'], '-created_at'),
  category_id: intParam(1, 2_147_483_647, 0).transform((v) => v || undefined),
  is_available: boolParam,
  low_stock: boolParam,
  hidden: boolParam,
  status: productStatusSchema.optional(),
});

export const boProductSchema = boProductRowSchema.extend({
  description: z.string(),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  images: z.array(boProductImageSchema),
  orders_count: z.number().int(),
});
export type BoProduct = z.infer<typeof boProductSchema>;

export const boProductCreateSchema = z.object({
  category_id: idField,
  name: textField(200),
  price: priceInput,
  description: optionalTextField(500),
  /** Shared out evenly among the variants (the first ones get one more when it does not divide). */
  stock: intField(0, MAX_STOCK).default(0),
  colors: variationList.default([]),
  sizes: variationList.default([]),
  is_available: z.boolean({ error: FIELD_MESSAGES.notBoolean }).default(true),
  /** Without it a product is `active` at once, as before drafts existed. */
  status: productStatusSchema.default('active'),
});
export type BoProductCreate = z.input<typeof boProductCreateSchema>;
/**
 * Any subset; a new `stock` (of a product with one variant) is written to the ledger as a
 * correction. `hidden: false` brings a hidden product back.
 */
export const boProductUpdateSchema = z.object({
  category_id: idField.optional(),
  name: textField(200).optional(),
  price: priceInput.optional(),
  description: optionalTextField(500).optional(),
  stock: intField(0, MAX_STOCK).optional(),
  status: productStatusSchema.optional(),
  colors: variationList.optional(),
  sizes: variationList.optional(),
  is_available: z.boolean({ error: FIELD_MESSAGES.notBoolean }).optional(),
  hidden: z.boolean({ error: FIELD_MESSAGES.notBoolean }).optional(),
});
export type BoProductUpdate = z.input<typeof boProductUpdateSchema>;
/** `DELETE /products/{id}/`: removed, or hidden because orders refer to it. */
export const boProductDeleteSchema = z.object({ outcome: z.enum(['deleted', 'hidden']) });
/** `POST /products/{id}/images/order/`: every image id of the product in the new order. */
export const boImageOrderSchema = z.object({ ids: z.array(idField).min(1, { error: 'List the images.' }).max(50) });
export const boProductImagesSchema = z.array(boProductImageSchema);
/** The multipart fields of `POST /products/{id}/images/`: the picture, and the colour it shows (optional). */
export const BO_IMAGE_FIELD = 'image';
export const BO_IMAGE_COLOR_FIELD = 'color';
/** `PATCH /products/{id}/images/{imageId}/`: the colour the picture shows, null for every colour. */
export const boImageUpdateSchema = z.object({ color: textField(50).nullable() });

// ---- Variants -------------------------------------------------------------------------------

/** One colour × size combination of a product (issue 25); `price` null: the product's price. */
export const boVariantSchema = z.object({
  id: z.number().int(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  sku: z.string(),
  stock: z.number().int(),
  price: moneySchema.nullable(),
});
export type BoVariant = z.infer<typeof boVariantSchema>;
export const boVariantListSchema = z.object({ results: z.array(boVariantSchema) });
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const boVariantUpdateSchema = z.object({
  sku: textField(64).regex(SKU_PATTERN, { error: 'Use letters, digits, dots, dashes and underscores only.' }).optional(),
  stock: intField(0, MAX_STOCK).optional(),
  price: priceInput.nullable().optional(),
});
export type BoVariantUpdate = z.input<typeof boVariantUpdateSchema>;

// ---- Stock -------------------------------------------------------------------------------

/** `variant_id` is needed when the product has more than one variant. */
export const boStockAdjustSchema = z.object({
  delta: intField(-MAX_STOCK, MAX_STOCK).refine((v) => v !== 0, { error: 'Enter a change other than 0.' }),
  reason: reasonField,
  variant_id: idField.optional(),
});
export type BoStockAdjust = z.input<typeof boStockAdjustSchema>;
/** `stock`: the product's (the sum of its variants'); `variant_stock`: the variant's. */
export const boStockAdjustResultSchema = z.object({
  product_id: z.number().int(),
  stock: z.number().int(),
  variant_id: z.number().int(),
  variant_stock: z.number().int(),
});
export const boStockBulkAdjustSchema = z.object({
  items: z
    .array(z.object({ product_id: idField, variant_id: idField.optional(), delta: boStockAdjustSchema.shape.delta }))
    .min(1, { error: 'Choose at least one product.' })
    .max(200, { error: 'At most 200 products at once.' }),
  reason: reasonField,
});
export type BoStockBulkAdjust = z.input<typeof boStockBulkAdjustSchema>;
export const boStockBulkResultSchema = z.object({ results: z.array(boStockAdjustResultSchema) });

export const STOCK_REASON_KINDS = ['adjustment', 'correction', 'reservation', 'release'] as const;
export const boLedgerRowSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** The variant that changed, its SKU and "Blue / L"; null for changes written before variants. */
  variant_id: z.number().int().nullable(),
  sku: z.string().nullable(),
  variant: z.string().nullable(),
  delta: z.number().int(),
  reason: z.string(),
  kind: z.enum(STOCK_REASON_KINDS),
  /** The product's stock after the change, and the variant's. */
  stock_after: z.number().int(),
  variant_stock_after: z.number().int().nullable(),
  /** Who made the change: the staff member's email, or null for the shop itself (an order). */
  actor: z.string().nullable(),
  order_number: z.string().nullable(),
  created_at: z.string(),
});
export type BoLedgerRow = z.infer<typeof boLedgerRowSchema>;
export const boLedgerListSchema = listEnvelope(boLedgerRowSchema);
export const boLedgerQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['created_at', 'delta', 'stock_after'], '-created_at'),
  product_id: intParam(1, 2_147_483_647, 0).transform((v) => v || undefined),
  variant_id: intParam(1, 2_147_483_647, 0).transform((v) => v || undefined),
  kind: z.enum(STOCK_REASON_KINDS, { error: `Choose one of: ${STOCK_REASON_KINDS.join(', ')}.` }).optional(),
});

// ---- Orders -------------------------------------------------------------------------------

export const boOrderRowSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  status: orderStatusSchema,
  email: z.string(),
  full_name: z.string(),
  order_total: moneySchema,
  items_count: z.number().int(),
  payment_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BoOrderRow = z.infer<typeof boOrderRowSchema>;
export const boOrderListSchema = listEnvelope(boOrderRowSchema);
export const boOrderQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['created_at', 'order_total', 'order_number', 'status'], '-created_at'),
  status: orderStatusSchema.optional(),
});

export const boOrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  variations: z.array(z.string()),
  /** Issue 25: the variant sold, with its SKU, colour and size then, and its colour's picture. */
  variant_id: z.number().int().nullable(),
  sku: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  image: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: moneySchema,
  line_total: moneySchema,
  /** Issue 28: how many of it were refunded already. */
  refunded_quantity: z.number().int(),
});
export const boOrderEventSchema = z.object({
  action: z.string(),
  status: orderStatusSchema,
  actor: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
/** Issue 28: the carriers whose public tracking page the shop links to (their spelling, as shown). */
export const CARRIERS = ['CTT', 'DHL', 'UPS', 'USPS', 'FedEx', 'GLS', 'DPD', 'Royal Mail'] as const;
export const TIMELINE_KINDS = [
  'placed',
  'paid',
  'note',
  'shipped',
  'delivered',
  'cancelled',
  'partially_refunded',
  'refunded',
  'expired',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const boTimelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  /**
   * A note's text; for `shipped`, the carrier and tracking number; for `paid`, the payment method;
   * for a refund (issue 28), its amount, the lines and whether they were restocked.
   */
  body: z.string(),
  /** The staff member's email; null for what the shop or the customer did. */
  actor: z.string().nullable(),
  created_at: z.string(),
});
export type BoTimelineEntry = z.infer<typeof boTimelineEntrySchema>;
/** Issue 28: a line a refund covered, and how many of it. */
export const refundedLineSchema = z.object({ line_id: z.number().int(), quantity: z.number().int() });
/** Issue 28: one refund of an order (a full refund is one too). */
export const boRefundSchema = z.object({
  id: z.number().int(),
  amount: moneySchema,
  lines: z.array(refundedLineSchema),
  /** Whether the lines' stock went back. */
  restocked: z.boolean(),
  created_at: z.string(),
  /** The staff member's email (null once their account is gone). */
  actor: z.string().nullable(),
});
export type BoRefund = z.infer<typeof boRefundSchema>;
export const ORDER_NOTE_MAX = 2000;
/** `POST /api/backoffice/orders/{id}/notes/`. */
export const boOrderNoteSchema = z.object({ body: textField(ORDER_NOTE_MAX) });
export type BoOrderNote = z.input<typeof boOrderNoteSchema>;
export const boOrderSchema = boOrderRowSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  /** Issue 25: false when the number could not be checked (kept as the buyer typed it). */
  phone_verified: z.boolean(),
  address: z.string(),
  postal_code: z.string(),
  country_code: z.string().nullable(),
  /** The delivery address, written out like `address`, when it is not the billing address. */
  shipping_address: z.string().nullable(),
  order_note: z.string(),
  subtotal: moneySchema,
  tax: moneySchema,
  /** Issue 28: the shipping rate chosen at checkout (null: none, the shop had no zones) and its price, part of `order_total`. */
  shipping_method: z.string().nullable(),
  shipping_total: moneySchema,
  /** Issue 28: only for an order placed with a discount code, what it took off the subtotal; `order_total` is after it. */
  discount: z.object({ code: z.string(), amount: moneySchema }).optional(),
  account: actorSchema,
  payment: z.object({ payment_id: z.string(), method: z.string(), amount_paid: moneySchema, status: z.string() }).nullable(),
  tracking: z.string().nullable(),
  lines: z.array(boOrderLineSchema),
  history: z.array(boOrderEventSchema),
  /** Issue 28: the carrier named at shipping and its tracking page for `tracking` (known carriers only). */
  carrier: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** Issue 28: the invoice number given when it was paid (null while unpaid); the PDFs are at `{id}/invoice/` and `{id}/packing-slip/`. */
  invoice_number: z.string().nullable(),
  /** Issue 28: what happened to the order and the notes staff wrote on it, oldest first. */
  timeline: z.array(boTimelineEntrySchema),
  /** Issue 28: the order's refunds, oldest first, and what of the payment can still be refunded. */
  refunds: z.array(boRefundSchema),
  refundable: moneySchema,
});
export type BoOrder = z.infer<typeof boOrderSchema>;

/**
 * Issue 28: `POST /api/backoffice/orders/{id}/refund/`. No body (or `{}`) refunds all that remains,
 * with the stock of what remains; otherwise the lines and quantities given, their stock back only
 * when `restock`, for `amount` (default: what those lines cost, with their tax; the refund that
 * leaves no line unrefunded also returns the shipping and what rounding left). `lines` may be empty
 * with an `amount` (shipping, a goodwill refund).
 */
export const boRefundRequestSchema = z
  .object({
    lines: z
      .array(
        z.object({
          line_id: z.number().int().positive(),
          quantity: z.number().int().positive({ error: 'A quantity to refund is at least 1.' }).max(1_000_000),
        }),
      )
      .max(500)
      .refine((lines) => new Set(lines.map((line) => line.line_id)).size === lines.length, 'Name each line once.')
      .optional(),
    restock: z.boolean().optional(),
    amount: z
      .string()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'An amount like 12.50.')
      .refine((value) => Number(value) > 0, 'A refund is more than 0.')
      .optional(),
  })
  .refine((body) => (body.restock === undefined && body.amount === undefined) || body.lines !== undefined, {
    message: 'Choose the lines to refund (an empty list with an amount).',
    path: ['lines'],
  })
  .refine((body) => body.lines === undefined || body.restock !== undefined, {
    message: 'Say whether the lines go back into stock.',
    path: ['restock'],
  })
  .refine((body) => body.lines === undefined || body.lines.length > 0 || body.amount !== undefined, {
    message: 'Choose the lines to refund, or give an amount.',
    path: ['lines'],
  });
export type BoRefundRequest = z.input<typeof boRefundRequestSchema>;
/** Issue 28: `carrier` is free text; one of {@link CARRIERS} gets a tracking link. */
export const boShipRequestSchema = z.object({ tracking: optionalTextField(200), carrier: optionalTextField(40) });
export type BoShipRequest = z.input<typeof boShipRequestSchema>;

// ---- Customers (issue 28) -------------------------------------------------------------------

/**
 * A customer: an account with what it bought. `orders_count` counts its paid orders (refunded ones
 * too), `total_spent` sums those not refunded, less what was refunded of them (issue 28); `last_order_at` is its newest paid order's date.
 */
export const boCustomerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  orders_count: z.number().int(),
  total_spent: moneySchema,
  last_order_at: z.string().nullable(),
});
export type BoCustomerRow = z.infer<typeof boCustomerRowSchema>;
/** Keyset pages, newest account first: `next` is the absolute link to the page after, null on the last. */
export const boCustomerListSchema = z.object({ results: z.array(boCustomerRowSchema), next: z.string().nullable() });
export type BoCustomerList = z.infer<typeof boCustomerListSchema>;
export const boCustomerQuerySchema = z.object({
  search: listQueryBase.shape.search,
  page_size: listQueryBase.shape.page_size,
  /** The last id of the page before (from `next`). */
  cursor: intParam(1, 2_147_483_647, 0).transform((v) => v || undefined),
});
export const CUSTOMER_ORDERS_SHOWN = 50;
export const boCustomerSchema = boCustomerRowSchema.extend({
  created_at: z.string(),
  /** The newest {@link CUSTOMER_ORDERS_SHOWN} orders, any status; the orders list (searched by email) has them all. */
  orders: z.array(boOrderRowSchema),
  /** The saved billing and delivery addresses, each written out on lines. */
  addresses: z.array(z.object({ kind: z.enum(['billing', 'delivery']), lines: z.array(z.string()) })),
  /** Staff notes on the customer's orders (those shown), newest first. */
  notes: z.array(
    z.object({
      order_id: z.number().int(),
      order_number: z.string(),
      body: z.string(),
      actor: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type BoCustomer = z.infer<typeof boCustomerSchema>;

// ---- Moderation -------------------------------------------------------------------------------

export const REPORT_STATES = ['open', 'hidden', 'restored', 'dismissed'] as const;
export const boReportRowSchema = z.object({
  post_id: z.string(),
  reports_count: z.number().int(),
  hidden: z.boolean(),
  /** Hidden by the report threshold (not by staff). */
  auto_hidden: z.boolean(),
  state: z.enum(REPORT_STATES),
  excerpt: z.string(),
  author: z.object({ id: z.number().int(), username: z.string(), email: z.string(), suspended: z.boolean() }),
  reporters: z.array(z.object({ username: z.string(), reason: z.string(), created_at: z.string() })),
  post_created_at: z.string(),
  last_reported_at: z.string(),
});
export type BoReportRow = z.infer<typeof boReportRowSchema>;
export const boReportListSchema = listEnvelope(boReportRowSchema);
export const boReportQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['last_reported_at', 'reports_count', 'post_created_at'], '-last_reported_at'),
  state: z.enum(REPORT_STATES, { error: `Choose one of: ${REPORT_STATES.join(', ')}.` }).optional(),
});

// ---- Accounts -------------------------------------------------------------------------------

export const boAccountRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  full_name: z.string(),
  role: accountRoleSchema,
  suspended: z.boolean(),
  suspended_at: z.string().nullable(),
  suspension_reason: z.string().nullable(),
  is_active: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type BoAccountRow = z.infer<typeof boAccountRowSchema>;
export const boAccountListSchema = listEnvelope(boAccountRowSchema);
export const boAccountQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['date_joined', 'email', 'last_login'], '-date_joined'),
  role: z.enum([...STAFF_ROLES, 'none'], { error: 'Choose staff, owner or none.' }).optional(),
  suspended: boolParam,
});
export const boSuspendRequestSchema = z.object({ reason: reasonField });
/** `POST /accounts/{id}/export/` and `.../delete/` (issue 26): the member's request, in staff's words, for the audit. */
export const boMemberRequestSchema = z.object({ reason: reasonField });
export type BoMemberRequest = z.input<typeof boMemberRequestSchema>;
export type BoSuspendRequest = z.input<typeof boSuspendRequestSchema>;
/**
 * `POST /accounts/{id}/role/` (owners only): `null` takes the role away, and so does `"none"`, the
 * word the command line and the accounts list's filter use for it (issue 26).
 */
export const boRoleRequestSchema = z.object({
  role: z
    .enum([...STAFF_ROLES, 'none'], { error: 'Choose staff, owner or none.' })
    .nullable()
    .transform((role): StaffRole | null => (role === 'none' ? null : role)),
});
export type BoRoleRequest = z.input<typeof boRoleRequestSchema>;

// ---- Audit -------------------------------------------------------------------------------

export const boAuditRowSchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  actor_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type BoAuditRow = z.infer<typeof boAuditRowSchema>;
export const boAuditListSchema = listEnvelope(boAuditRowSchema);
export const boAuditQuerySchema = listQueryBase.extend({
  ordering: orderingParam(['created_at', 'action', 'actor'], '-created_at'),
  action: z.string().trim().max(50).optional(),
});

// ---- Overview -------------------------------------------------------------------------------

export const boOverviewSchema = z.object({
  sales: z.object({ today: moneySchema, last_7_days: moneySchema, last_30_days: moneySchema }),
  orders: z.object({ today: z.number().int(), last_7_days: z.number().int(), last_30_days: z.number().int() }),
  orders_to_ship: z.number().int(),
  low_stock: z.number().int(),
  open_reports: z.number().int(),
  new_accounts: z.object({ today: z.number().int(), last_7_days: z.number().int(), last_30_days: z.number().int() }),
  ai_lab_requests: z.object({ today: z.number().int(), last_7_days: z.number().int(), last_30_days: z.number().int() }),
  /** Backups (issue 26): the schedule, the last run and the last good one, and recent failures. */
  backups: z.object({
    /** BACKUP_SCHEDULE's cron pattern (local time), or null when scheduled backups are off. */
    schedule: z.string().nullable(),
    /** When the next scheduled backup runs, or null. */
    next_run: z.string().nullable(),
    last_run: z
      .object({
        status: z.enum(['ok', 'failed']),
        trigger: z.enum(['schedule', 'command']),
        started_at: z.string(),
        finished_at: z.string().nullable(),
        file: z.string(),
        bytes: z.number().int().nullable(),
        uploaded_to: z.string(),
        error: z.string(),
      })
      .nullable(),
    last_success: z.object({ finished_at: z.string(), file: z.string(), bytes: z.number().int() }).nullable(),
    failures_last_7_days: z.number().int(),
  }),
  /** One entry per day, the last 30 days, oldest first (UTC dates). */
  daily: z.array(
    z.object({
      date: z.string(),
      sales: moneySchema,
      orders: z.number().int(),
      new_accounts: z.number().int(),
      ai_lab_requests: z.number().int(),
    }),
  ),
});
export type BoOverview = z.infer<typeof boOverviewSchema>;

/** The audit `action` names. */
export const BO_ACTIONS = [
  'category.create',
  'category.update',
  'category.delete',
  'product.create',
  'product.update',
  'product.delete',
  'product.hide',
  'product.image_add',
  'product.image_delete',
  'product.image_order',
  'product.image_update',
  'product.import',
  'variant.update',
  'stock.adjust',
  'order.ship',
  'order.deliver',
  'order.cancel',
  'order.refund',
  'post.hide',
  'post.restore',
  'post.dismiss',
  'account.suspend',
  'account.reinstate',
  'account.role',
  'account.export',
  'account.delete',
] as const;
export type BoAction = (typeof BO_ACTIONS)[number];

/** Texts the web shows as they are. */
export const BO_MESSAGES = {
  suspended: (reason: string) => `This account is suspended: ${reason}`,
  staffOnly: 'Only staff can do this.',
  ownerOnly: 'Only an owner can change roles.',
  lastOwner: 'The portal needs at least one owner: make someone else owner first.',
  categoryNotEmpty: 'This category still has products: move or delete them first.',
  wrongStatus: (action: string, status: string) => `An order that is ${status} cannot be ${action}.`,
} as const;

/**
 * Added to the 401/403 of a suspended account's token and to its login refusal (`code`), next to a
 * `detail` that gives the reason: the web then shows why instead of a plain login page.
 */
export const ACCOUNT_SUSPENDED_CODE = 'account_suspended';
