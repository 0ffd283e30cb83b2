import type { ActiveApp, PasswordResetConfirm } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { sendInBackground } from '../core/mail/send-in-background.js';
import { Invalid, RateLimited } from '../core/domain-errors.js';
import { checkLinkToken, decodeUid, encodeUid, makeLinkToken } from './activation-token.js';
import { createAccountsRepository, type Account } from './accounts.repository.js';
import { passwordResetEmail } from './password-reset-email.js';
import { hashPassword } from './password-hash.js';
import { passwordProblems } from './password-rules.js';
import type { SessionService } from './session.service.js';

/** Reset emails one account may receive per hour, whoever asks: nobody can flood an inbox. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

/** djoser's messages, so that its clients read them as they do there. */
export const RESET_MESSAGES = {
  invalidUid: 'Invalid user id or user doesn’t exist.',
  invalidToken: 'This link has expired or was already used. Ask for a new one.',
  mismatch: 'The two password fields didn’t match.',
  tooMany: 'Too many password-reset requests from this address. Try again later.',
};

/**
 * Password reset (issue 14): a link by email, valid `PASSWORD_RESET_TTL` and bound to the password
 * hash, so it works once; setting the new password ends every session of the account.
 * Whether an email has an account is never revealed.
 */
export function createPasswordResetService(
  { db, mailer, counters, secret, config, log }: Pick<Deps, 'db' | 'mailer' | 'counters' | 'secret' | 'config' | 'log'>,
  sessions: SessionService,
) {
  const accounts = createAccountsRepository(db);

  const linkFor = (account: Account, app: ActiveApp) =>
    `${config.publicUrl}/${app}/reset-password/${encodeUid(account.id)}/${makeLinkToken(secret, 'password-reset', account)}`;

  return {
    /**
     * Sends the reset link to an active account, or the activation link to one not activated yet
     * (which is what its owner needs); answers the same, as fast, for unknown emails: the mail goes
     * out in the background. Counted per address (429 beyond `REGISTRATIONS_PER_HOUR`) and per
     * email (silently, beyond three an hour), known or not, so both do the same work.
     */
    async request(email: string, app: ActiveApp, ip: string, queueActivation: (account: Account) => void) {
      const byAddress = await counters.increment(`password-reset:${ip}`, HOUR_MS);
      if (byAddress.count > config.registrationsPerHour) {
        throw new RateLimited(RESET_MESSAGES.tooMany, byAddress.resetInMs / 1000);
      }
      const byEmail = await counters.increment(`password-reset-email:${email.toLowerCase()}`, HOUR_MS);
      const account = await accounts.findByEmail(email);
      if (!account || byEmail.count > RESETS_PER_ACCOUNT_PER_HOUR) return;
      if (!account.isActive) return queueActivation(account);
      const minutes = Math.max(1, Math.round(config.passwordResetTtlMs / 60_000));
      const message = passwordResetEmail(account.email, account.firstName, linkFor(account, app), minutes);
      sendInBackground({ mailer, log }, message, { accountId: account.id });
    },

    /** Sets the new password for a valid link; every session and legacy token of the account ends. */
    async confirm(input: PasswordResetConfirm): Promise<void> {
      const id = decodeUid(input.uid);
      const account = id === undefined ? undefined : await accounts.findById(id);
      if (!account || !account.isActive) throw Invalid.fields({ uid: [RESET_MESSAGES.invalidUid] });
      if (!checkLinkToken(secret, 'password-reset', account, input.token, config.passwordResetTtlMs)) {
        throw Invalid.fields({ token: [RESET_MESSAGES.invalidToken] });
      }
      if (input.re_new_password !== undefined && input.re_new_password !== input.new_password) {
        throw Invalid.fields({ re_new_password: [RESET_MESSAGES.mismatch] });
      }
      const problems = passwordProblems(input.new_password, {
        username: account.username,
        first_name: account.firstName,
        last_name: account.lastName,
        email: account.email,
      });
      if (problems.length > 0) throw Invalid.fields({ new_password: problems });

      const passwordHash = await hashPassword(input.new_password);
      const revoked = await db.transaction(async (tx) => {
        const repo = createAccountsRepository(tx);
        // The hash the link was checked against must still be the stored one: of two uses racing, one wins.
        const changed = await repo.replacePasswordHash(account.id, account.passwordHash, passwordHash);
        if (!changed) return undefined;
        const ended = await repo.revokeSessionsExcept(account.id, null);
        await repo.deleteLegacyTokensExcept(account.id, null);
        return ended;
      });
      if (revoked === undefined) throw Invalid.fields({ token: [RESET_MESSAGES.invalidToken] });
      await sessions.announceRevoked(revoked);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
