import type { AuthUser } from '../core/auth-user.js';
import type { Database, Executor } from '../db/client.js';
import { createAuditRepository, type AuditEntry } from './audit.repository.js';

export type Audited = Omit<AuditEntry, 'actor'>;

/**
 * Runs a back-office action in one transaction and writes its audit row in that same
 * transaction: the action and its record exist together or not at all.
 */
export function createAuditedActions(db: Database) {
  return async function audited<T>(
    actor: AuthUser,
    work: (tx: Executor, record: (entry: Audited) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const audit = createAuditRepository(tx);
      return work(tx, (entry) => audit.write({ ...entry, actor: { accountId: actor.accountId, email: actor.email } }));
    });
  };
}

export type AuditedActions = ReturnType<typeof createAuditedActions>;
