import type { AccountDataPart } from '../core/account-data/account-data.js';
import { createAuditDataRepository } from './account-data.repository.js';

/** How the audit names a deleted account from then on. */
export const deletedAccountLabel = (accountId: number) => `deleted account #${accountId}`;

/**
 * The back office's share (issue 26): what a member of staff did, in the export; on deletion the
 * audit keeps every row but no longer names the person (by email) nor quotes their posts.
 */
export function backofficeDataPart(): AccountDataPart {
  return {
    area: 'backoffice',
    tables: ['backoffice_audit'],
    count: ({ accountId }, db) => createAuditDataRepository(db).count(accountId),
    async entries({ accountId }, db) {
      const repo = createAuditDataRepository(db);
      if ((await repo.count(accountId)) === 0) return [];
      return [
        {
          path: 'actions.json',
          json: async () =>
            (await repo.actionsBy(accountId)).map((row) => ({
              action: row.action,
              target: row.target,
              label: row.label,
              created_at: row.createdAt.toISOString(),
            })),
        },
      ];
    },
    async erase({ accountId }, tx) {
      await createAuditDataRepository(tx).anonymise(accountId, deletedAccountLabel(accountId));
      return {};
    },
  };
}
