import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';
import { tabernaDiscounts } from './taberna-discounts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A postal address other than the billing one (issue 25: where the parcel goes), as an order and
 * the shop profile keep it. `country` is as the buyer wrote it; `country_code` its ISO 3166-1
 * alpha-2 code when it is a known country (null when not); `phone` in E.164 when `phone_verified`.
 */
export interface StoredAddress {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
  country_code: string | null;
  phone: string;
  phone_verified: boolean;
}

/** The shop's customer profile of an account: the saved billing address (and a delivery address, if one was used). */
export const tabernaProfiles = pgTable(
  'taberna_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phone: varchar({ length: 20 }).notNull().default(''),
    addressLine1: varchar('address_line_1', { length: 50 }).notNull().default(''),
    addressLine2: varchar('address_line_2', { length: 50 }).notNull().default(''),
    postalCode: varchar('postal_code', { length: 20 }).notNull().default(''),
    city: varchar({ length: 50 }).notNull().default(''),
    state: varchar({ length: 50 }).notNull().default(''),
    country: varchar({ length: 50 }).notNull().default(''),
    countryCode: varchar('country_code', { length: 2 }),
    /** The last delivery address that differed from the billing one; null: deliver to the billing address. */
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('taberna_profiles_account_key').on(t.accountId)],
);

export const tabernaCategories = pgTable(
  'taberna_categories',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 50 }).notNull(),
    slug: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(''),
    image: varchar({ length: 300 }),
    ordering: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('taberna_categories_slug_key').on(t.slug)],
);

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;

/**
 * Money is `numeric(10,2)`: exact, never a float. `stock` is what can still be sold (reservations
 * are taken off): the sum of its active variants' stock, kept by the code that changes them.
 * Only `active` products are in the shop (issue 25: `draft` and `archived` are the back office's).
 */
export const tabernaProducts = pgTable(
  'taberna_products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => tabernaCategories.id, { onDelete: 'restrict' }),
    name: varchar({ length: 200 }).notNull(),
    slug: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(''),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    image: varchar({ length: 300 }),
    stock: integer().notNull().default(0),
    isAvailable: boolean('is_available').notNull().default(true),
    status: varchar({ length: 10, enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** Deleted in the back office while orders refer to it: kept for them, gone from the shop. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_products_slug_key').on(t.slug),
    index('taberna_products_category_idx').on(t.categoryId, t.createdAt),
    index('taberna_products_search_idx').using('gin', t.searchVector),
    index('taberna_products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // Issue 24: the shop search's typo matches of descriptions (`<<%`).
    index('taberna_products_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('taberna_products_created_idx').on(t.createdAt),
    index('taberna_products_stock_idx').on(t.stock),
    check('taberna_products_stock_check', sql`${t.stock} >= 0`),
    check('taberna_products_price_check', sql`${t.price} >= 0`),
    check('taberna_products_status_check', sql`${t.status} in ('draft', 'active', 'archived')`),
  ],
);

export const tabernaProductGallery = pgTable(
  'taberna_product_gallery',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'cascade' }),
    image: varchar({ length: 300 }).notNull(),
    position: integer().notNull().default(0),
    /** The colour this picture shows (a colour of the product, as written there); null: every colour. */
    color: varchar({ length: 50 }),
  },
  (t) => [index('taberna_product_gallery_product_idx').on(t.productId, t.position)],
);

/** A colour or size a product comes in (contract "Variation"). */
export const tabernaVariations = pgTable(
  'taberna_variations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'cascade' }),
    category: varchar({ length: 10 }).notNull(),
    value: varchar({ length: 50 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('taberna_variations_value_key').on(t.productId, t.category, sql`lower(${t.value})`),
    check('taberna_variations_category_check', sql`${t.category} in ('color', 'size')`),
    // Issue 24: which query words are colours or sizes, and the products in them.
    index('taberna_variations_value_idx').on(sql`lower(${t.value})`),
  ],
);

/**
 * What is sold and counted (issue 25): one row per colour × size combination of a product (a
 * product without either has one row with both null). A combination no longer offered is kept
 * inactive with its stock (orders and carts refer to it; the stock is back if it is offered
 * again). `price` null: the product's price.
 */
export const tabernaProductVariants = pgTable(
  'taberna_product_variants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'cascade' }),
    colorId: integer('color_id').references(() => tabernaVariations.id),
    sizeId: integer('size_id').references(() => tabernaVariations.id),
    sku: varchar({ length: 64 }).notNull(),
    stock: integer().notNull().default(0),
    price: numeric({ precision: 10, scale: 2 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('taberna_product_variants_choice_key').on(t.productId, t.colorId, t.sizeId).nullsNotDistinct(),
    uniqueIndex('taberna_product_variants_sku_key').on(sql`lower(${t.sku})`),
    check('taberna_product_variants_stock_check', sql`${t.stock} >= 0`),
    check('taberna_product_variants_price_check', sql`${t.price} >= 0`),
  ],
);

export const tabernaReviews = pgTable(
  'taberna_reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: varchar({ length: 100 }).notNull(),
    review: text().notNull().default(''),
    rating: smallint().notNull(),
    ip: varchar({ length: 64 }).notNull().default(''),
    isApproved: boolean('is_approved').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_reviews_author_key').on(t.productId, t.accountId),
    index('taberna_reviews_account_idx').on(t.accountId),
    check('taberna_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** A guest cart (found by its unguessable token) or a customer's cart (one per account). */
export const tabernaCarts = pgTable(
  'taberna_carts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    token: varchar({ length: 64 }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** Issue 28: the discount code applied to this cart; checked again whenever the cart is priced. */
    discountId: integer('discount_id').references(() => tabernaDiscounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_carts_token_key').on(t.token),
    uniqueIndex('taberna_carts_account_key').on(t.accountId),
    index('taberna_carts_guest_age_idx')
      .on(t.updatedAt)
      .where(sql`${t.accountId} is null`),
  ],
);

/** `variation_ids` is sorted, so "the same product with the same variations" is one unique row. */
export const tabernaCartItems = pgTable(
  'taberna_cart_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => tabernaCarts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'cascade' }),
    variationIds: integer('variation_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    quantity: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('taberna_cart_items_line_key').on(t.cartId, t.productId, t.variationIds),
    check('taberna_cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * An order and its payment state. `state`: `pending` (stock reserved, waiting for payment), `paid`,
 * `cancelled` (failed page), `expired` (not paid in time). Amounts are in exact decimals.
 */
export const tabernaOrders = pgTable(
  'taberna_orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the customer deleted their account: the order stays, anonymised, for the accounts (issue 26). */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    orderNumber: varchar('order_number', { length: 20 }).notNull().default(''),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    /** E.164 when `phone_verified`; otherwise as the buyer wrote it (issue 25). */
    phone: varchar({ length: 20 }).notNull(),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    email: varchar({ length: 50 }).notNull(),
    addressLine1: varchar('address_line_1', { length: 50 }).notNull(),
    addressLine2: varchar('address_line_2', { length: 50 }).notNull().default(''),
    postalCode: varchar('postal_code', { length: 20 }).notNull().default(''),
    /** As the buyer wrote it (contract §8.10: free text); `country_code` is its ISO 3166-1 alpha-2 code, null when unknown. */
    country: varchar({ length: 50 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }),
    state: varchar({ length: 50 }).notNull(),
    city: varchar({ length: 50 }).notNull(),
    /** Where the parcel goes when it is not the billing address; null: the billing address. */
    shippingAddress: jsonb('shipping_address').$type<StoredAddress>(),
    /** The country the parcel goes to (the delivery address's, else the billing one's), for rates and taxes by country. */
    deliveryCountryCode: varchar('delivery_country_code', { length: 2 }),
    orderNote: varchar('order_note', { length: 100 }).notNull().default(''),
    subtotal: numeric({ precision: 12, scale: 2 }).notNull(),
    tax: numeric({ precision: 12, scale: 2 }).notNull(),
    orderTotal: numeric('order_total', { precision: 12, scale: 2 }).notNull(),
    /** Issue 28: the shipping rate chosen, by name as it was then (null: none, the shop had no zones), and its price; part of `order_total`. */
    shippingMethod: varchar('shipping_method', { length: 100 }),
    shippingTotal: numeric('shipping_total', { precision: 12, scale: 2 }).notNull().default('0'),
    /**
     * Issue 28: the discount code used (null: none), as it was written then, and what it took off the
     * subtotal; `order_total` is after it. A pending or paid order holds one use of its code (decision 026).
     */
    discountId: integer('discount_id').references(() => tabernaDiscounts.id, { onDelete: 'set null' }),
    discountCode: varchar('discount_code', { length: 40 }),
    discountTotal: numeric('discount_total', { precision: 12, scale: 2 }).notNull().default('0'),
    status: varchar({ length: 20 }).notNull().default('New'),
    paymentState: varchar('payment_state', { length: 20 }).notNull().default('pending'),
    provider: varchar({ length: 20 }).notNull(),
    sessionId: varchar('session_id', { length: 255 }),
    /** The charge of the charge flow, written as soon as the card is charged and before the order completes. */
    chargeId: varchar('charge_id', { length: 255 }),
    ip: varchar({ length: 64 }).notNull().default(''),
    isOrdered: boolean('is_ordered').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * Issue 15: what staff did after payment (`shipped`, `delivered`, `refunded`); null before.
     * Issue 28: `partially_refunded` while some but not all of what was paid went back.
     */
    fulfilment: varchar({ length: 20, enum: ['shipped', 'delivered', 'partially_refunded', 'refunded'] }),
    /**
     * Where the order is (contract `ORDER_STATUSES`), derived from the payment state and the
     * fulfilment, so the existing payment flows keep writing only `payment_state`.
     */
    orderStatus: varchar('order_status', { length: 20 })
      .notNull()
      .generatedAlwaysAs(
        sql`case when fulfilment is not null then fulfilment when payment_state = 'pending' then 'placed' else payment_state end`,
      ),
    tracking: varchar({ length: 200 }),
    /** Issue 28: the carrier named when it shipped (free text; a known one gets a tracking link). */
    carrier: varchar({ length: 40 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: varchar('refund_id', { length: 255 }),
    /**
     * Issue 28: the invoice, numbered `YYYY-NNNNNN` per year (UTC) without gaps, given in the
     * transaction that marks the order paid (`taberna_invoice_counters`); null while unpaid.
     */
    invoiceNumber: varchar('invoice_number', { length: 20 }),
    invoiceDate: timestamp('invoice_date', { withTimezone: true }),
    /** Issue 28: the sum of the order's refunds (`taberna_order_refunds`), written with each of them. */
    refundedTotal: numeric('refunded_total', { precision: 12, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_orders_session_key').on(t.sessionId),
    uniqueIndex('taberna_orders_invoice_number_key').on(t.invoiceNumber),
    index('taberna_orders_status_created_idx').on(t.orderStatus, t.createdAt),
    index('taberna_orders_created_idx').on(t.createdAt),
    index('taberna_orders_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('taberna_orders_number_idx').on(t.orderNumber),
    // Issue 24: the back office's order search (part of a number, of the customer's name).
    index('taberna_orders_number_trgm_idx').using('gin', t.orderNumber.op('gin_trgm_ops')),
    index('taberna_orders_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check('taberna_orders_fulfilment_check', sql`${t.fulfilment} in ('shipped', 'delivered', 'partially_refunded', 'refunded')`),
    index('taberna_orders_account_idx').on(t.accountId, t.createdAt),
    // Issue 28: the uses of a code (all, or one customer's), counted at placement under the code's lock.
    index('taberna_orders_discount_idx')
      .on(t.discountId, t.paymentState, t.accountId)
      .where(sql`${t.discountId} is not null`),
    index('taberna_orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.paymentState} = 'pending'`),
    check('taberna_orders_payment_state_check', sql`${t.paymentState} in ('pending', 'paid', 'cancelled', 'expired')`),
  ],
);

/**
 * Issue 28: the last invoice number given in each year. Taken with `insert … on conflict do update
 * … returning` in the transaction that marks an order paid: the row lock makes concurrent payments
 * take turns, and a payment that rolls back gives its number back, so the numbers have no gaps.
 */
export const tabernaInvoiceCounters = pgTable(
  'taberna_invoice_counters',
  {
    year: integer().primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('taberna_invoice_counters_last_number_check', sql`${t.lastNumber} > 0`)],
);

/** The lines of an order, written when it is placed (they hold the reservation) and marked `ordered` when paid. */
export const tabernaOrderLines = pgTable(
  'taberna_order_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => tabernaOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'restrict' }),
    /** The product's name when ordered, for receipts. */
    productName: varchar('product_name', { length: 200 }).notNull(),
    variationIds: integer('variation_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** What the variations were when ordered: `[{id, variation_category, variation_value}]`. */
    variations: jsonb().$type<{ id: number; variation_category: 'color' | 'size'; variation_value: string }[]>().notNull(),
    /** The variant sold, and its SKU, colour and size when ordered (issue 25). */
    variantId: integer('variant_id').references(() => tabernaProductVariants.id),
    sku: varchar({ length: 64 }).notNull().default(''),
    color: varchar({ length: 50 }),
    size: varchar({ length: 50 }),
    quantity: integer().notNull(),
    /** The unit price when ordered (the variant's own, else the product's). */
    productPrice: numeric('product_price', { precision: 10, scale: 2 }).notNull(),
    ordered: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('taberna_order_lines_order_idx').on(t.orderId),
    index('taberna_order_lines_variant_idx').on(t.variantId),
    check('taberna_order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** One payment per order at most: the unique key is what makes completion happen once. */
export const tabernaPayments = pgTable(
  'taberna_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => tabernaOrders.id, { onDelete: 'cascade' }),
    paymentId: varchar('payment_id', { length: 255 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 30 }).notNull(),
    amountPaid: numeric('amount_paid', { precision: 12, scale: 2 }).notNull(),
    /** Issue 28: how much of it went back (partial refunds); `status` becomes `Refunded` when all of it did. */
    amountRefunded: numeric('amount_refunded', { precision: 12, scale: 2 }).notNull().default('0'),
    status: varchar({ length: 30 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('taberna_payments_order_key').on(t.orderId),
    // Issue 24: the overview's sales per day.
    index('taberna_payments_created_idx').on(t.createdAt),
  ],
);

/** Issue 28: a line refunded by a refund, and how many of it. */
export interface RefundedLine {
  line_id: number;
  quantity: number;
}

/**
 * Issue 28: each refund of an order (a full refund is one too): its amount, the lines it covered,
 * whether their stock went back, the provider's refund id and the staff member who made it.
 */
export const tabernaOrderRefunds = pgTable(
  'taberna_order_refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => tabernaOrders.id, { onDelete: 'cascade' }),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    lines: jsonb().$type<RefundedLine[]>().notNull(),
    restocked: boolean().notNull(),
    refundId: varchar('refund_id', { length: 255 }).notNull(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('taberna_order_refunds_order_idx').on(t.orderId, t.id),
    // A deleted staff account's refunds forget who made them (issue 26's erasure).
    index('taberna_order_refunds_actor_idx').on(t.actorId),
    check('taberna_order_refunds_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Sessions of the built-in test checkout (the offline stand-in for a card payment page). */
export const tabernaTestCheckoutSessions = pgTable('taberna_test_checkout_sessions', {
  id: varchar({ length: 80 }).primaryKey(),
  amount: numeric({ precision: 12, scale: 2 }).notNull(),
  currency: varchar({ length: 3 }).notNull(),
  description: varchar({ length: 200 }).notNull(),
  lines: jsonb().$type<{ name: string; quantity: number; unit_amount: string }[]>().notNull(),
  successUrl: varchar('success_url', { length: 500 }).notNull(),
  cancelUrl: varchar('cancel_url', { length: 500 }).notNull(),
  status: varchar({ length: 20 }).notNull().default('open'),
  paymentId: varchar('payment_id', { length: 80 }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const STOCK_LEDGER_KINDS = ['adjustment', 'correction', 'reservation', 'release'] as const;

/**
 * Every change of a product's stock (issue 15): staff adjustments with their reason, and the
 * shop's own reservations by placed orders and releases on cancel, expiry or refund.
 */
export const tabernaStockLedger = pgTable(
  'taberna_stock_ledger',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => tabernaProducts.id, { onDelete: 'cascade' }),
    /** The variant whose stock changed (issue 25); null for changes written before variants. */
    variantId: integer('variant_id').references(() => tabernaProductVariants.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    /** The product's stock after the change. */
    stockAfter: integer('stock_after').notNull(),
    /** The variant's stock after the change (null before variants). */
    variantStockAfter: integer('variant_stock_after'),
    kind: varchar({ length: 12, enum: STOCK_LEDGER_KINDS }).notNull(),
    reason: varchar({ length: 200 }).notNull(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => tabernaOrders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('taberna_stock_ledger_product_idx').on(t.productId, t.createdAt),
    index('taberna_stock_ledger_variant_idx').on(t.variantId, t.createdAt),
    index('taberna_stock_ledger_created_idx').on(t.createdAt),
    // Issue 24: the ledger's search (by order, by who, by reason) and the references' deletes.
    index('taberna_stock_ledger_order_idx').on(t.orderId),
    index('taberna_stock_ledger_actor_idx').on(t.actorId),
    index('taberna_stock_ledger_reason_trgm_idx').using('gin', t.reason.op('gin_trgm_ops')),
  ],
);

/**
 * Issue 28: a shipping zone. Its countries are in `taberna_shipping_zone_countries` (a country is in
 * at most one zone); a zone without countries is the rest of the world (`rest_of_world`, at most one).
 */
export const tabernaShippingZones = pgTable(
  'taberna_shipping_zones',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 100 }).notNull(),
    restOfWorld: boolean('rest_of_world').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_shipping_zones_rest_of_world_key')
      .on(t.restOfWorld)
      .where(sql`${t.restOfWorld}`),
  ],
);

/** Which zone ships to a country: looked up by its ISO 3166-1 alpha-2 code (the primary key). */
export const tabernaShippingZoneCountries = pgTable(
  'taberna_shipping_zone_countries',
  {
    countryCode: varchar('country_code', { length: 2 }).primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => tabernaShippingZones.id, { onDelete: 'cascade' }),
  },
  (t) => [index('taberna_shipping_zone_countries_zone_idx').on(t.zoneId)],
);

/** A zone's rates, in the order staff listed them; free at or above `free_over` (the cart's subtotal) when set. */
export const tabernaShippingRates = pgTable(
  'taberna_shipping_rates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => tabernaShippingZones.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    price: numeric({ precision: 10, scale: 2 }).notNull(),
    freeOver: numeric('free_over', { precision: 10, scale: 2 }),
    position: smallint().notNull().default(0),
  },
  (t) => [index('taberna_shipping_rates_zone_idx').on(t.zoneId, t.position)],
);

/** Issue 28: the tax of a delivery country, in basis points (2300 = 23%); others pay TAX_RATE. */
export const tabernaTaxRates = pgTable(
  'taberna_tax_rates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_tax_rates_country_key').on(t.countryCode),
    check('taberna_tax_rates_rate_check', sql`${t.rateBp} between 0 and 10000`),
  ],
);
