import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Issue 28: a discount code. `value` is in hundredths: cents for `fixed` (500 = 5.00 off), basis
 * points for `percent` (1000 = 10%). Codes are unique whatever their case (the index on lower(code)).
 * How often a code is used is not stored: it is counted from the orders that hold it (decision 026).
 */
export const tabernaDiscounts = pgTable(
  'taberna_discounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: varchar({ length: 40 }).notNull(),
    kind: varchar({ length: 8, enum: ['percent', 'fixed'] }).notNull(),
    value: integer().notNull(),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('taberna_discounts_code_key').on(sql`lower(${t.code})`),
    check('taberna_discounts_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check('taberna_discounts_value_check', sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 10000)`),
    check('taberna_discounts_usage_limit_check', sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
  ],
);
