import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { BoAuditRow } from '@portal/contracts';
import type { Executor } from '../db/client.js';
import { backofficeAudit as audit } from '../db/schema/index.js';
import { containsPattern, countUpTo, offsetOf, orderBy, type Counted, type PageRequest } from './list-page.js';

export interface AuditEntry {
  actor: { accountId: number; email: string };
  action: string;
  /** `kind:id`. */
  target: string;
  targetLabel: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditQuery extends PageRequest {
  search?: string;
  ordering: string;
  action?: string;
}

/** The audit log: written in the transaction of the action it records, read as a searchable list. */
export function createAuditRepository(db: Executor) {
  return {
    async write(entry: AuditEntry): Promise<void> {
      await db.insert(audit).values({
        actorId: entry.actor.accountId,
        actorEmail: entry.actor.email,
        action: entry.action,
        target: entry.target,
        targetLabel: entry.targetLabel.slice(0, 200),
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    /** An action done outside the web (the command line): no account, only a name. */
    async writeUnattended(entry: Omit<AuditEntry, 'actor'> & { actor: string }): Promise<void> {
      await db.insert(audit).values({
        actorId: null,
        actorEmail: entry.actor,
        action: entry.action,
        target: entry.target,
        targetLabel: entry.targetLabel.slice(0, 200),
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async list(query: AuditQuery): Promise<Counted & { rows: BoAuditRow[] }> {
      const pattern = query.search ? containsPattern(query.search) : undefined;
      const where = and(
        query.action ? eq(audit.action, query.action) : undefined,
        pattern
          ? or(
              ilike(audit.actorEmail, pattern),
              ilike(audit.action, pattern),
              ilike(audit.target, pattern),
              ilike(audit.targetLabel, pattern),
            )
          : undefined,
      );
      const counted = await countUpTo(
        db,
        db
          .select({ one: sql`1` })
          .from(audit)
          .where(where),
        query.search,
      );
      const rows = await db
        .select()
        .from(audit)
        .where(where)
        .orderBy(
          ...orderBy(query.ordering, { created_at: audit.createdAt, action: audit.action, actor: audit.actorEmail }, audit.id),
        )
        .limit(query.page_size)
        .offset(offsetOf(query));
      return {
        ...counted,
        rows: rows.map((row) => ({
          id: row.id,
          actor: row.actorEmail,
          actor_id: row.actorId,
          action: row.action,
          target: row.targetLabel ? `${row.target} ${row.targetLabel}` : row.target,
          before: row.before ?? null,
          after: row.after ?? null,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    /** One thing's history (`kind:id`), oldest first. */
    history(target: string) {
      return db.select().from(audit).where(eq(audit.target, target)).orderBy(audit.createdAt, audit.id).limit(200);
    },
  };
}
