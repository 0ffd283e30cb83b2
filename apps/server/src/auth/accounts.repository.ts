import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { accounts, authSessions, legacyTokens, socialProfiles, tabernaProfiles } from '../db/schema/index.js';

export type Account = typeof accounts.$inferSelect;
export type AppProfileKind = 'social' | 'taberna';

export interface NewAccount {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isActive?: boolean;
  role?: 'staff' | 'owner' | null;
}

export interface SessionRecord {
  id: string;
  accountId: number;
  app: string;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** The session check of every authenticated request (see `findForSession`), a named prepared statement. */
function prepareSessionLookup(db: Executor) {
  return db
    .select({
      account: accounts,
      sessionAccountId: authSessions.accountId,
      revokedAt: authSessions.revokedAt,
      expiresAt: authSessions.expiresAt,
      socialProfile: socialProfiles,
    })
    .from(accounts)
    .leftJoin(authSessions, eq(authSessions.id, sql.placeholder('sessionId')))
    .leftJoin(socialProfiles, eq(socialProfiles.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('accountId')))
    .prepare('session_lookup');
}

/** The only place that speaks SQL about accounts, login sessions and legacy tokens. */
export function createAccountsRepository(db: Executor) {
  let sessionLookup: ReturnType<typeof prepareSessionLookup> | undefined;
  return {
    async findByEmail(email: string): Promise<Account | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.email}) = lower(${email})`);
      return row;
    },

    /** The email as `findByEmail` matches it: trimmed, lower-cased by the database (its locale, not JavaScript's). */
    async emailKey(email: string): Promise<string> {
      const [row] = await rowsOf<{ key: string }>(db, sql`select lower(${email.trim()}) as key`);
      return row!.key;
    },

    async findById(id: number): Promise<Account | undefined> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row;
    },

    async usernameTaken(username: string, caseInsensitive = false): Promise<boolean> {
      const condition = caseInsensitive ? sql`lower(${accounts.username}) = lower(${username})` : eq(accounts.username, username);
      const [row] = await db.select({ id: accounts.id }).from(accounts).where(condition).limit(1);
      return row !== undefined;
    },

    async insert(account: NewAccount): Promise<Account> {
      const [row] = await db.insert(accounts).values(account).returning();
      return row!;
    },

    async activate(id: number): Promise<void> {
      await db.update(accounts).set({ isActive: true, activatedAt: new Date() }).where(eq(accounts.id, id));
    },

    async touchLastLogin(id: number): Promise<void> {
      await db.update(accounts).set({ lastLoginAt: new Date() }).where(eq(accounts.id, id));
    },

    async hasProfile(kind: AppProfileKind, accountId: number): Promise<boolean> {
      const table = kind === 'social' ? socialProfiles : tabernaProfiles;
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.accountId, accountId));
      return row !== undefined;
    },

    async slugTaken(slug: string): Promise<boolean> {
      const [row] = await db.select({ id: socialProfiles.id }).from(socialProfiles).where(eq(socialProfiles.slug, slug));
      return row !== undefined;
    },

    async insertSocialProfile(accountId: number, slug: string): Promise<void> {
      await db.insert(socialProfiles).values({ accountId, slug });
    },

    async insertTabernaProfile(accountId: number): Promise<void> {
      await db.insert(tabernaProfiles).values({ accountId });
    },

    async insertSession(session: SessionRecord): Promise<void> {
      await db.insert(authSessions).values(session);
    },

    /**
     * The account behind a token, with the state of the token's session and the account's social
     * profile (the viewer of the social routes and sockets), in one prepared statement: every
     * authenticated request runs it.
     */
    findForSession(accountId: number, sessionId: string) {
      sessionLookup ??= prepareSessionLookup(db);
      return sessionLookup.execute({ accountId, sessionId }).then(([row]) => row);
    },

    async sessionApp(sessionId: string): Promise<string | undefined> {
      const [row] = await db.select({ app: authSessions.app }).from(authSessions).where(eq(authSessions.id, sessionId));
      return row?.app;
    },

    async setSessionApp(sessionId: string, app: string): Promise<void> {
      await db.update(authSessions).set({ app }).where(eq(authSessions.id, sessionId));
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.id, sessionId), sql`${authSessions.revokedAt} is null`));
    },

    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.update(accounts).set({ passwordHash }).where(eq(accounts.id, id));
    },

    /** Sets a new hash only if the stored one is still `expected`; answers whether it did. */
    async replacePasswordHash(id: number, expected: string, passwordHash: string): Promise<boolean> {
      const rows = await db
        .update(accounts)
        .set({ passwordHash })
        .where(and(eq(accounts.id, id), eq(accounts.passwordHash, expected)))
        .returning({ id: accounts.id });
      return rows.length > 0;
    },

    /** Ends every login session of an account except one (the one changing the password). */
    async revokeSessionsExcept(accountId: number, keepSessionId: string | null): Promise<string[]> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(authSessions.accountId, accountId),
            sql`${authSessions.revokedAt} is null`,
            keepSessionId ? ne(authSessions.id, keepSessionId) : undefined,
          ),
        )
        .returning({ id: authSessions.id });
      return rows.map((row) => row.id);
    },

    async deleteLegacyTokensExcept(accountId: number, keepKeyHash: string | null): Promise<void> {
      await db
        .delete(legacyTokens)
        .where(and(eq(legacyTokens.accountId, accountId), keepKeyHash ? ne(legacyTokens.keyHash, keepKeyHash) : undefined));
    },

    async insertLegacyToken(accountId: number, keyHash: string): Promise<void> {
      await db.insert(legacyTokens).values({ accountId, keyHash });
    },

    async findByLegacyToken(keyHash: string): Promise<Account | undefined> {
      const [row] = await db
        .select({ account: accounts })
        .from(legacyTokens)
        .innerJoin(accounts, eq(accounts.id, legacyTokens.accountId))
        .where(eq(legacyTokens.keyHash, keyHash));
      return row?.account;
    },

    async deleteLegacyToken(keyHash: string): Promise<void> {
      await db.delete(legacyTokens).where(eq(legacyTokens.keyHash, keyHash));
    },

    async deleteLegacyTokensOf(accountId: number): Promise<void> {
      await db.delete(legacyTokens).where(eq(legacyTokens.accountId, accountId));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
