import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('taberna_profiles_account_key').on(t.accountId)],
);
