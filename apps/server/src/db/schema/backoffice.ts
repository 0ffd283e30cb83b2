import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/**
 * Every back-office action (issue 15): who, what, on what, and the state before and after. The
 * actor's email is kept as it was, so the row still says who after the account is gone.
 */
export const backofficeAudit = pgTable(
  'backoffice_audit',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorEmail: varchar('actor_email', { length: 100 }),
    action: varchar({ length: 40 }).notNull(),
    /** `kind:id`, e.g. `order:12`, so one thing's history is an index range. */
    target: varchar({ length: 80 }).notNull(),
    /** What a person reads: the product's name, the order's number, the account's email. */
    targetLabel: varchar('target_label', { length: 200 }).notNull().default(''),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('backoffice_audit_created_idx').on(t.createdAt),
    index('backoffice_audit_target_idx').on(t.target, t.createdAt),
    index('backoffice_audit_action_idx').on(t.action, t.createdAt),
    index('backoffice_audit_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
  ],
);
