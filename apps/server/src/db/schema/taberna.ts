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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The shop's customer profile of an account: the saved billing address. */
export const tabernaProfiles = pgTable(
  'taberna_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phone: varchar({ length: 15 }).notNull().default(''),
    addressLine1: varchar('address_line_1', { length: 50 }).notNull().default(''),
    addressLine2: varchar('address_line_2', { length: 50 }).notNull().default(''),
    city: varchar({ length: 50 }).notNull().default(''),
    state: varchar({ length: 50 }).notNull().default(''),
    country: varchar({ length: 50 }).notNull().default(''),
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

/** Money is `numeric(10,2)`: exact, never a float. `stock` is what can still be sold (reservations are taken off). */
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
    index('taberna_products_created_idx').on(t.createdAt),
    index('taberna_products_stock_idx').on(t.stock),
    check('taberna_products_stock_check', sql`${t.stock} >= 0`),
    check('taberna_products_price_check', sql`${t.price} >= 0`),
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
    phone: varchar({ length: 15 }).notNull(),
    email: varchar({ length: 50 }).notNull(),
    addressLine1: varchar('address_line_1', { length: 50 }).notNull(),
    addressLine2: varchar('address_line_2', { length: 50 }).notNull().default(''),
    country: varchar({ length: 50 }).notNull(),
    state: varchar({ length: 50 }).notNull(),
    city: varchar({ length: 50 }).notNull(),
    orderNote: varchar('order_note', { length: 100 }).notNull().default(''),
    subtotal: numeric({ precision: 12, scale: 2 }).notNull(),
    tax: numeric({ precision: 12, scale: 2 }).notNull(),
    orderTotal: numeric('order_total', { precision: 12, scale: 2 }).notNull(),
    status: varchar({ length: 20 }).notNull().default('New'),
    paymentState: varchar('payment_state', { length: 20 }).notNull().default('pending'),
    provider: varchar({ length: 20 }).notNull(),
    sessionId: varchar('session_id', { length: 255 }),
    /** The charge of the charge flow, written as soon as the card is charged and before the order completes. */
    chargeId: varchar('charge_id', { length: 255 }),
    ip: varchar({ length: 64 }).notNull().default(''),
    isOrdered: boolean('is_ordered').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Issue 15: what staff did after payment (`shipped`, `delivered`, `refunded`); null before. */
    fulfilment: varchar({ length: 12, enum: ['shipped', 'delivered', 'refunded'] }),
    /**
     * Where the order is (contract `ORDER_STATUSES`), derived from the payment state and the
     * fulfilment, so the existing payment flows keep writing only `payment_state`.
     */
    orderStatus: varchar('order_status', { length: 12 })
      .notNull()
      .generatedAlwaysAs(
        sql`case when fulfilment is not null then fulfilment when payment_state = 'pending' then 'placed' else payment_state end`,
      ),
    tracking: varchar({ length: 200 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: varchar('refund_id', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('taberna_orders_session_key').on(t.sessionId),
    index('taberna_orders_status_created_idx').on(t.orderStatus, t.createdAt),
    index('taberna_orders_created_idx').on(t.createdAt),
    index('taberna_orders_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('taberna_orders_number_idx').on(t.orderNumber),
    check('taberna_orders_fulfilment_check', sql`${t.fulfilment} in ('shipped', 'delivered', 'refunded')`),
    index('taberna_orders_account_idx').on(t.accountId, t.createdAt),
    index('taberna_orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.paymentState} = 'pending'`),
    check('taberna_orders_payment_state_check', sql`${t.paymentState} in ('pending', 'paid', 'cancelled', 'expired')`),
  ],
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
    quantity: integer().notNull(),
    productPrice: numeric('product_price', { precision: 10, scale: 2 }).notNull(),
    ordered: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('taberna_order_lines_order_idx').on(t.orderId),
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
    status: varchar({ length: 30 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('taberna_payments_order_key').on(t.orderId)],
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
    delta: integer().notNull(),
    stockAfter: integer('stock_after').notNull(),
    kind: varchar({ length: 12, enum: STOCK_LEDGER_KINDS }).notNull(),
    reason: varchar({ length: 200 }).notNull(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => tabernaOrders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('taberna_stock_ledger_product_idx').on(t.productId, t.createdAt),
    index('taberna_stock_ledger_created_idx').on(t.createdAt),
    index('taberna_stock_ledger_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
  ],
);
