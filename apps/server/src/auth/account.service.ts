import { AUTH_MESSAGES, JOIN_MESSAGES, type Account as AccountAnswer, type ActiveApp } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import { Conflict, Invalid, RateLimited } from '../core/domain-errors.js';
import { uniqueViolation } from '../db/errors.js';
import { createAccountsRepository } from './accounts.repository.js';
import { addAppProfile, PROFILE_CREATED } from './app-profiles.js';
import type { ClientInfo } from '../core/client-info.js';
import type { Deps } from '../core/deps.js';
import type { SessionService } from './session.service.js';

const isActiveApp = (app: string | undefined): app is ActiveApp => app === 'social' || app === 'taberna';

/** Deviation 14: one account behind every app; joining an app adds its profile to that account. */
export function createAccountService({ db }: Pick<Deps, 'db'>, sessions: SessionService) {
  const accounts = createAccountsRepository(db);

  return {
    async describe(user: AuthUser): Promise<AccountAnswer> {
      const [social, taberna, app] = await Promise.all([
        accounts.hasProfile('social', user.accountId),
        accounts.hasProfile('taberna', user.accountId),
        user.sessionId ? accounts.sessionApp(user.sessionId) : undefined,
      ]);
      return {
        id: user.accountId,
        email: user.email,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        full_name: `${user.firstName} ${user.lastName}`.trim(),
        active_app: isActiveApp(app) ? app : null,
        profiles: { social, taberna },
        role: user.role,
      };
    },

    /** The password is checked through the login throttle, like every other password check (deviation 13). */
    async join(user: AuthUser, app: ActiveApp, password: string, client: ClientInfo) {
      if (await accounts.hasProfile(app, user.accountId)) throw new Conflict(JOIN_MESSAGES.alreadyJoined(app));
      const check = await sessions.checkCredentials(user.email, password, client);
      if (!check.ok && check.reason === 'throttled') {
        const seconds = check.retryAfterMs / 1000;
        throw new RateLimited(AUTH_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60)), seconds);
      }
      if (!check.ok || check.account.id !== user.accountId) throw Invalid.fields({ password: [JOIN_MESSAGES.wrongPassword] });
      try {
        const account = check.account;
        await db.transaction((tx) =>
          addAppProfile(createAccountsRepository(tx), app, account.id, {
            firstName: account.firstName,
            lastName: account.lastName,
            username: account.username,
          }),
        );
      } catch (error) {
        // Two joins raced (two tabs): the second finds the profile the first made.
        if (uniqueViolation(error)?.includes('account')) throw new Conflict(JOIN_MESSAGES.alreadyJoined(app));
        throw error;
      }
      if (user.sessionId) await accounts.setSessionApp(user.sessionId, app);
      return { detail: PROFILE_CREATED[app] };
    },

    /** Records the app the person moved to on their login session (legacy keys have none). */
    async setActiveApp(user: AuthUser, app: ActiveApp): Promise<void> {
      if (user.sessionId) await accounts.setSessionApp(user.sessionId, app);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
