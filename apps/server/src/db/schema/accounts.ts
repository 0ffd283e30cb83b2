import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/** A person's login: email is the login field, new accounts are inactive until activated. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: varchar({ length: 100 }).notNull(),
    username: varchar({ length: 60 }).notNull(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Issue 15: `staff` or `owner` run the back office; null for everyone else. */
    role: varchar({ length: 10, enum: ['staff', 'owner'] }),
    /** Set while the account is suspended: its tokens are refused and it cannot log in. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: varchar('suspension_reason', { length: 200 }),
  },
  (t) => [
    uniqueIndex('accounts_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_username_key').on(t.username),
    index('accounts_role_idx')
      .on(t.role)
      .where(sql`${t.role} is not null`),
    index('accounts_created_idx').on(t.createdAt),
    index('accounts_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // Issue 27: mention suggestions, by the start of a name or username (lower case, any collation).
    index('accounts_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('accounts_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('accounts_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    // Issue 24: people search (`%` similarity and ILIKE on each name, the username and the full name) and the back office's.
    index('accounts_names_trgm_idx').using(
      'gin',
      t.firstName.op('gin_trgm_ops'),
      t.lastName.op('gin_trgm_ops'),
      t.username.op('gin_trgm_ops'),
      sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`,
    ),
    check('accounts_role_check', sql`${t.role} in ('staff', 'owner')`),
  ],
);

/** One login session per refresh token; revoking it ends the refresh token and its access tokens. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    app: varchar({ length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar({ length: 64 }),
  },
  (t) => [index('auth_sessions_account_idx').on(t.accountId)],
);

/** Legacy DRF-style tokens (`Authorization: Token <key>`); only a SHA-256 of the key is kept. */
export const legacyTokens = pgTable(
  'legacy_tokens',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('legacy_tokens_account_idx').on(t.accountId)],
);

/** Small key/value facts about this installation: signing secret, seed steps done. */
export const portalMeta = pgTable('portal_meta', {
  key: varchar({ length: 100 }).primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
