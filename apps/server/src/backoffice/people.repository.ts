import { and, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { BoReportRow, StaffRole } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import { accounts, authSessions, legacyTokens, postReports, posts, socialProfiles } from '../db/schema/index.js';
import { containsPattern, countUpTo, offsetOf, orderBy, type PageRequest } from './list-page.js';

export type AccountRow = typeof accounts.$inferSelect;

export interface AccountQuery extends PageRequest {
  search?: string;
  ordering: string;
  role?: StaffRole | 'none';
  suspended?: boolean;
}

export interface ReportQuery extends PageRequest {
  search?: string;
  ordering: string;
  state?: BoReportRow['state'];
}

const reportState = sql<BoReportRow['state']>`coalesce(${posts.moderation}, 'open')`;

/** Accounts and reported posts, as moderators and owners see them. */
export function createPeopleRepository(db: Executor) {
  const reportRows = () =>
    db
      .select({
        post: {
          id: posts.id,
          body: posts.body,
          reportsCount: posts.reportsCount,
          isHidden: posts.isHidden,
          hiddenBy: posts.hiddenBy,
          createdAt: posts.createdAt,
          lastReportedAt: posts.lastReportedAt,
        },
        state: reportState,
        author: { id: accounts.id, username: accounts.username, email: accounts.email, suspendedAt: accounts.suspendedAt },
      })
      .from(posts)
      .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
      .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId));

  return {
    async listAccounts(query: AccountQuery) {
      const pattern = query.search ? containsPattern(query.search) : undefined;
      const where = and(
        pattern
          ? or(
              ilike(accounts.email, pattern),
              ilike(accounts.username, pattern),
              ilike(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`, pattern),
            )
          : undefined,
        query.role === undefined ? undefined : query.role === 'none' ? isNull(accounts.role) : eq(accounts.role, query.role),
        query.suspended === undefined
          ? undefined
          : query.suspended
            ? isNotNull(accounts.suspendedAt)
            : isNull(accounts.suspendedAt),
      );
      const counted = await countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(accounts)
          .where(where),
        query.search,
      );
      const rows = await db
        .select()
        .from(accounts)
        .where(where)
        .orderBy(
          ...orderBy(
            query.ordering,
            { date_joined: accounts.createdAt, email: accounts.email, last_login: accounts.lastLoginAt },
            accounts.id,
          ),
        )
        .limit(query.page_size)
        .offset(offsetOf(query));
      return { ...counted, rows };
    },

    async account(id: number, lock = false): Promise<AccountRow | undefined> {
      const query = db.select().from(accounts).where(eq(accounts.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },

    async accountByEmail(email: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.email}) = lower(${email})`);
      return row;
    },

    /**
     * The usable owners (not suspended), locked: two owners demoting or suspending each other at once
     * cannot both succeed. A suspended owner cannot log in, so it does not count (audit S2).
     */
    async lockOwners(): Promise<number[]> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.role, 'owner'), isNull(accounts.suspendedAt)))
        .for('update');
      return rows.map((row) => row.id);
    },

    async setRole(id: number, role: StaffRole | null): Promise<void> {
      await db.update(accounts).set({ role }).where(eq(accounts.id, id));
    },

    async setSuspension(id: number, reason: string | null): Promise<void> {
      await db
        .update(accounts)
        .set({ suspendedAt: reason === null ? null : new Date(), suspensionReason: reason })
        .where(eq(accounts.id, id));
    },

    /** Ends every open login session of an account; answers their ids (their sockets close). */
    async revokeSessions(accountId: number): Promise<string[]> {
      const rows = await db
        .update(authSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(authSessions.accountId, accountId), isNull(authSessions.revokedAt)))
        .returning({ id: authSessions.id });
      return rows.map((row) => row.id);
    },

    /** Deletes the account's legacy `Token` keys; answers how many there were. */
    async deleteLegacyTokens(accountId: number): Promise<number> {
      const rows = await db
        .delete(legacyTokens)
        .where(eq(legacyTokens.accountId, accountId))
        .returning({ key: legacyTokens.keyHash });
      return rows.length;
    },

    /** One post in the queue's shape (whatever its reports). */
    async listReportsOf(postId: string) {
      const rows = await reportRows().where(eq(posts.id, postId));
      return { count: rows.length, capped: false, rows };
    },

    async listReports(query: ReportQuery) {
      const pattern = query.search ? containsPattern(query.search) : undefined;
      const where = and(
        sql`${posts.reportsCount} > 0`,
        query.state ? sql`${reportState} = ${query.state}` : undefined,
        pattern ? or(ilike(posts.body, pattern), ilike(accounts.email, pattern), ilike(accounts.username, pattern)) : undefined,
      );
      const counted = await countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(posts)
          .innerJoin(socialProfiles, eq(socialProfiles.id, posts.createdById))
          .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
          .where(where),
        query.search,
      );
      const rows = await reportRows()
        .where(where)
        .orderBy(
          ...orderBy(
            query.ordering,
            { last_reported_at: posts.lastReportedAt, reports_count: posts.reportsCount, post_created_at: posts.createdAt },
            posts.id,
          ),
        )
        .limit(query.page_size)
        .offset(offsetOf(query));
      return { ...counted, rows };
    },

    /** Who reported these posts, and what they said, newest first. */
    async reportersOf(postIds: string[]) {
      if (postIds.length === 0) return [];
      return db
        .select({
          postId: postReports.postId,
          username: accounts.username,
          reason: postReports.reason,
          createdAt: postReports.createdAt,
        })
        .from(postReports)
        .innerJoin(socialProfiles, eq(socialProfiles.id, postReports.profileId))
        .innerJoin(accounts, eq(accounts.id, socialProfiles.accountId))
        .where(sql`${postReports.postId} in ${postIds}`)
        .orderBy(sql`${postReports.createdAt} desc`);
    },

    async post(id: string, lock = false) {
      const query = db
        .select({
          id: posts.id,
          body: posts.body,
          isHidden: posts.isHidden,
          hiddenBy: posts.hiddenBy,
          moderation: posts.moderation,
          reportsCount: posts.reportsCount,
        })
        .from(posts)
        .where(eq(posts.id, id));
      const [row] = await (lock ? query.for('update') : query);
      return row;
    },
  };
}
