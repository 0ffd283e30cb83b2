import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { backofficeAudit as audit, posts, socialProfiles } from '../db/schema/index.js';

/** The audit's rows about a member or by a member of staff (issue 26). */
export function createAuditDataRepository(db: Executor) {
  return {
    async count(accountId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(audit).where(eq(audit.actorId, accountId));
      return row?.n ?? 0;
    },

    /** What a member of staff did in the back office. */
    actionsBy(accountId: number) {
      return db
        .select({ action: audit.action, target: audit.target, label: audit.targetLabel, createdAt: audit.createdAt })
        .from(audit)
        .where(eq(audit.actorId, accountId))
        .orderBy(asc(audit.createdAt), asc(audit.id));
    },

    /**
     * Keeps the audit's history and takes the person out of it: their actions say a deleted account
     * did them, the rows about their account and their posts no longer quote their email or their words.
     */
    async anonymise(accountId: number, label: string): Promise<void> {
      await db.update(audit).set({ actorId: null, actorEmail: label }).where(eq(audit.actorId, accountId));
      await db
        .update(audit)
        .set({ targetLabel: label })
        .where(eq(audit.target, `account:${accountId}`));
      await db.execute(sql`update ${audit} set target_label = '' where target in (
        select 'post:' || p.id from ${posts} p join ${socialProfiles} s on s.id = p.created_by_id where s.account_id = ${accountId})`);
    },
  };
}
