import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { accounts, authSessions, legacyTokens } from '../db/schema/index.js';

/** The account row and its logins, for a member's export and deletion (issue 26). */
export function createAccountDataRepository(db: Executor) {
  return {
    async account(accountId: number, lock = false) {
      const query = db.select().from(accounts).where(eq(accounts.id, accountId));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async countSessions(accountId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(authSessions).where(eq(authSessions.accountId, accountId));
      return row?.n ?? 0;
    },

    sessions(accountId: number) {
      return db
        .select({
          app: authSessions.app,
          createdAt: authSessions.createdAt,
          expiresAt: authSessions.expiresAt,
          revokedAt: authSessions.revokedAt,
          userAgent: authSessions.userAgent,
          ip: authSessions.ip,
        })
        .from(authSessions)
        .where(eq(authSessions.accountId, accountId))
        .orderBy(asc(authSessions.createdAt));
    },

    /** The usable owners (not suspended) but this account, all locked first as the back office's role changes lock them. */
    async otherUsableOwners(accountId: number): Promise<number> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.role, 'owner'), isNull(accounts.suspendedAt)))
        .orderBy(asc(accounts.id))
        .for('update');
      return rows.filter((row) => row.id !== accountId).length;
    },

    /** Deletes the account with its sessions and legacy keys; answers the sessions that were still open. */
    async deleteAccount(accountId: number): Promise<string[]> {
      const open = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.accountId, accountId), isNull(authSessions.revokedAt)));
      await db.delete(authSessions).where(eq(authSessions.accountId, accountId));
      await db.delete(legacyTokens).where(eq(legacyTokens.accountId, accountId));
      await db.delete(accounts).where(eq(accounts.id, accountId));
      return open.map((row) => row.id);
    },
  };
}
