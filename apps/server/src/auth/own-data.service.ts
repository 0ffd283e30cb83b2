import { ACCOUNT_DATA_MESSAGES, AUTH_MESSAGES } from '@portal/contracts';
import type { AccountDataService } from '../core/account-data/account-data.service.js';
import type { AuthUser } from '../core/auth-user.js';
import type { ClientInfo } from '../core/client-info.js';
import type { Deps } from '../core/deps.js';
import { Invalid, RateLimited } from '../core/domain-errors.js';
import type { SessionService } from './session.service.js';

/** A member's own data (issue 26): the export, and deleting the account with its password. */
export function createOwnDataService({ db }: Pick<Deps, 'db'>, sessions: SessionService, data: AccountDataService) {
  const subjectOf = (user: AuthUser) => ({ accountId: user.accountId, email: user.email });

  return {
    export: (user: AuthUser) => data.export(subjectOf(user), user.firstName),

    download: (token: string) => data.download(token),

    /**
     * The password is checked through the login throttle like every password check (deviation 13);
     * then everything personal goes in one transaction, and the sessions end everywhere.
     */
    async deleteAccount(user: AuthUser, password: string, client: ClientInfo): Promise<void> {
      const check = await sessions.checkPassword(user.email, password, client);
      if (!check.ok && check.reason === 'throttled') {
        const seconds = check.retryAfterMs / 1000;
        throw new RateLimited(AUTH_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)), seconds);
      }
      if (!check.ok || check.account.id !== user.accountId)
        throw Invalid.fields({ password: [ACCOUNT_DATA_MESSAGES.wrongPassword] });
      const subject = subjectOf(user);
      const erased = await db.transaction((tx) => data.erase(subject, tx));
      await data.finishErase(subject, user.firstName, erased);
    },
  };
}

export type OwnDataService = ReturnType<typeof createOwnDataService>;
