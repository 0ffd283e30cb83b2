import type { AccountDataService, ExportAnswer } from '../core/account-data/account-data.service.js';
import type { AuthUser } from '../core/auth-user.js';
import { Conflict, Forbidden, NotFound } from '../core/domain-errors.js';
import { deletedAccountLabel } from './account-data.part.js';
import type { AuditedActions } from './audit-trail.js';
import { createPeopleRepository, type AccountRow } from './people.repository.js';

/**
 * A member's data rights exercised on request through staff (issue 26): a copy of their data, or the
 * deletion of their account. The rules are the suspension's: staff act on members, only an owner on
 * staff or owners; each request is audited, the deletion in its own transaction.
 */
export function createAccountRequestsService(audited: AuditedActions, data: AccountDataService) {
  function allowed(actor: AuthUser, target: AccountRow) {
    if (target.role && actor.role !== 'owner') throw new Forbidden('Only an owner can act on staff accounts.');
  }
  const subjectOf = (row: AccountRow) => ({ accountId: row.id, email: row.email });

  return {
    /** Audited first: a copy of someone's data is handed to staff only with its record. */
    async exportAccount(actor: AuthUser, id: number, reason: string): Promise<ExportAnswer> {
      const target = await audited(actor, async (tx, record) => {
        const row = await createPeopleRepository(tx).account(id);
        if (!row) throw new NotFound('No such account.');
        allowed(actor, row);
        await record({
          action: 'account.export',
          target: `account:${id}`,
          targetLabel: row.email,
          before: null,
          after: { reason },
        });
        return row;
      });
      return data.export(subjectOf(target), target.firstName);
    },

    async deleteAccount(actor: AuthUser, id: number, reason: string): Promise<void> {
      const { subject, firstName, erased } = await audited(actor, async (tx, record) => {
        const row = await createPeopleRepository(tx).account(id, true);
        if (!row) throw new NotFound('No such account.');
        if (id === actor.accountId) throw new Conflict('Delete your own account from your settings, with your password.');
        allowed(actor, row);
        const subject = subjectOf(row);
        const erased = await data.erase(subject, tx);
        // After the erase, which renamed the account's earlier rows: this one names it the same way.
        await record({
          action: 'account.delete',
          target: `account:${id}`,
          targetLabel: deletedAccountLabel(id),
          before: { role: row.role ?? null, suspended: row.suspendedAt !== null },
          after: { reason, deleted: true },
        });
        return { subject, firstName: row.firstName, erased };
      });
      await data.finishErase(subject, firstName, erased);
    },
  };
}

export type AccountRequestsService = ReturnType<typeof createAccountRequestsService>;
