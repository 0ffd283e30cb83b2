import { AUTH_MESSAGES, FIELD_MESSAGES, editPasswordRequestSchema } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { ClientInfo } from '../core/client-info.js';
import type { Deps } from '../core/deps.js';
import { zodFieldErrors } from '../core/error-handler.js';
import { createAccountsRepository } from './accounts.repository.js';
import { hashPassword } from './password-hash.js';
import { passwordProblemDetails } from './password-rules.js';
import { createSessionService } from './session.service.js';

type PasswordChangeErrors = Record<string, { message: string; code: string }[]>;

/** A refused password change: contract §4.5 answers it with 200 and the errors JSON-encoded in `message`. */
export class PasswordChangeRefused extends Error {
  constructor(readonly errors: PasswordChangeErrors) {
    super('password change refused');
    this.name = 'PasswordChangeRefused';
  }
}

const REQUIRED = FIELD_MESSAGES.required;
const MISMATCH = 'The two password fields didn’t match.';
const INCORRECT = { message: 'Your old password was entered incorrectly. Please enter it again.', code: 'password_incorrect' };

/** The password change of the social network's edit-password page (contract §4.5), offered to it through `index.ts`. */
export function createPasswordChangeService(deps: Pick<Deps, 'db' | 'config' | 'counters' | 'secret' | 'events'>) {
  const { db } = deps;
  const accounts = createAccountsRepository(db);
  const sessions = createSessionService(deps);

  return {
    /**
     * Contract §4.5 with deviation 8: the old password is checked through the login throttle
     * (deviation 13), the new one follows the sign-up rules, and every other session of the account
     * ends. Refusals are the contract's: thrown as {@link PasswordChangeRefused}, answered with 200.
     */
    async change(user: AuthUser, fields: Record<string, string>, client: ClientInfo): Promise<void> {
      const parsed = editPasswordRequestSchema.safeParse(fields);
      if (!parsed.success) {
        const errors = zodFieldErrors(parsed.error.issues);
        throw new PasswordChangeRefused(
          Object.fromEntries(
            Object.entries(errors).map(([field, messages]) => [
              field,
              messages.map((message) => ({ message, code: message === REQUIRED ? 'required' : 'invalid' })),
            ]),
          ),
        );
      }
      const { old_password, new_password1, new_password2 } = parsed.data;
      const account = await accounts.findById(user.accountId);
      if (!account) throw new PasswordChangeRefused({ old_password: [INCORRECT] });

      const errors: PasswordChangeErrors = {};
      const check = await sessions.checkPassword(account.email, old_password, client);
      if (!check.ok && check.reason === 'throttled') {
        const minutes = Math.max(1, Math.ceil(check.retryAfterMs / 60_000));
        throw new PasswordChangeRefused({
          old_password: [{ message: AUTH_MESSAGES.tooManyAttempts(minutes), code: 'throttled' }],
        });
      }
      if (!check.ok || check.account.id !== account.id) errors.old_password = [INCORRECT];
      if (new_password1 !== new_password2) errors.new_password2 = [{ message: MISMATCH, code: 'password_mismatch' }];
      else {
        const problems = passwordProblemDetails(new_password2, {
          username: account.username,
          first_name: account.firstName,
          last_name: account.lastName,
          email: account.email,
        });
        if (problems.length > 0) errors.new_password2 = problems;
      }
      if (Object.keys(errors).length > 0) throw new PasswordChangeRefused(errors);

      const passwordHash = await hashPassword(new_password2);
      const revoked = await db.transaction(async (tx) => {
        const repo = createAccountsRepository(tx);
        await repo.setPasswordHash(account.id, passwordHash);
        const ended = await repo.revokeSessionsExcept(account.id, user.sessionId);
        await repo.deleteLegacyTokensExcept(account.id, user.legacyKeyHash);
        return ended;
      });
      await sessions.announceRevoked(revoked);
    },
  };
}

export type PasswordChangeService = ReturnType<typeof createPasswordChangeService>;
