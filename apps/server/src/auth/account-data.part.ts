import { ACCOUNT_DATA_MESSAGES } from '@portal/contracts';
import type { AccountDataPart } from '../core/account-data/account-data.js';
import { Conflict, NotFound } from '../core/domain-errors.js';
import { createAccountDataRepository } from './account-data.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The account's own share (issue 26): names, email, role and the login sessions. Registered first,
 * erased last: the account row goes once every other part has let go of it. The portal keeps one
 * usable owner: the last one cannot be deleted. Ended sessions are announced after the commit, so
 * their sockets close on every instance and remembered callers are forgotten.
 */
export function authDataPart(announceRevoked: (sessionIds: string[]) => Promise<void>): AccountDataPart {
  return {
    area: 'account',
    tables: ['auth_sessions', 'legacy_tokens'],

    count: async ({ accountId }, db) => 1 + (await createAccountDataRepository(db).countSessions(accountId)),

    async entries({ accountId }, db) {
      const repo = createAccountDataRepository(db);
      return [
        {
          path: 'account.json',
          json: async () => {
            const account = await repo.account(accountId);
            if (!account) return null;
            return {
              id: account.id,
              email: account.email,
              username: account.username,
              first_name: account.firstName,
              last_name: account.lastName,
              role: account.role,
              is_active: account.isActive,
              date_joined: iso(account.createdAt),
              activated_at: iso(account.activatedAt),
              last_login: iso(account.lastLoginAt),
              suspended_at: iso(account.suspendedAt),
              suspension_reason: account.suspensionReason,
            };
          },
        },
        {
          path: 'sessions.json',
          json: async () =>
            (await repo.sessions(accountId)).map((row) => ({
              app: row.app,
              user_agent: row.userAgent,
              ip: row.ip,
              created_at: iso(row.createdAt),
              expires_at: iso(row.expiresAt),
              ended_at: iso(row.revokedAt),
            })),
        },
      ];
    },

    async erase({ accountId }, tx) {
      const repo = createAccountDataRepository(tx);
      const seen = await repo.account(accountId);
      // Owners are locked before the account row, in the order the back office's role changes take them.
      const otherOwners = seen?.role === 'owner' ? await repo.otherUsableOwners(accountId) : undefined;
      const account = await repo.account(accountId, true);
      if (!account) throw new NotFound('No such account.');
      if (account.role === 'owner' && !account.suspendedAt && otherOwners === 0)
        throw new Conflict(ACCOUNT_DATA_MESSAGES.lastOwner);
      const ended = await repo.deleteAccount(accountId);
      return { afterCommit: () => announceRevoked(ended) };
    },
  };
}
