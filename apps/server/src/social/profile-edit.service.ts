import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  AVATAR_LIMITS,
  FIELD_MESSAGES,
  editPasswordRequestSchema,
  editProfileRequestSchema,
  SOCIAL_MESSAGES,
} from '@portal/contracts';
import { createAccountsRepository } from '../auth/accounts.repository.js';
import { hashPassword } from '../auth/password-hash.js';
import { passwordProblemDetails } from '../auth/password-rules.js';
import type { ClientInfo } from '../auth/session.service.js';
import { USERNAME_PATTERN } from '../auth/registration.service.js';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { ApiError } from '../core/errors.js';
import { IMAGE_FORMATS, ImageRejected, processImage } from '../core/images/image-processing.js';
import { profileSlug } from '../core/slugify.js';
import { toFieldErrors } from '../core/error-handler.js';
import { uniqueViolation } from '../db/errors.js';
import type { ParsedForm } from './form-parts.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';

const PASSWORD_MESSAGES = {
  mismatch: 'The two password fields didn’t match.',
  usernameInvalid: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
};

/** Edit profile failures (contract §4.7 texts): 400 here, with `message` as the contract names it. */
const profileFailure = (message: string, extra: Record<string, string[]> = {}) => new ApiError(400, { message, ...extra });
type PasswordChangeErrors = Record<string, { message: string; code: string }[]>;

/** A refused password change: contract §4.5 answers it with 200 and the errors JSON-encoded in `message`. */
export class PasswordChangeRefused extends Error {
  constructor(readonly errors: PasswordChangeErrors) {
    super('password change refused');
    this.name = 'PasswordChangeRefused';
  }
}

const REQUIRED = FIELD_MESSAGES.required;
const INCORRECT = { message: 'Your old password was entered incorrectly. Please enter it again.', code: 'password_incorrect' };

function zodFieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  return toFieldErrors(issues.map((issue) => ({ instancePath: `/${issue.path.map(String).join('/')}`, message: issue.message })));
}

export function createProfileEditService({ db, media, log, sessions }: Pick<Deps, 'db' | 'media' | 'log' | 'sessions'>) {
  const profiles = createProfilesRepository(db);
  const accounts = createAccountsRepository(db);

  async function slugFor(profile: ProfileRow, firstName: string, lastName: string, username: string): Promise<string> {
    if (firstName === profile.firstName && lastName === profile.lastName) return profile.slug;
    return profileSlug({ firstName, lastName, username }, (slug) => profiles.slugTaken(slug, profile.id));
  }

  return {
    /** Contract §4.7: names, username, email and an optional avatar; the slug follows the names. */
    async editProfile(profile: ProfileRow, form: ParsedForm): Promise<{ slug: string; avatarUrl: string | null }> {
      const parsed = editProfileRequestSchema.safeParse(form.fields);
      if (!parsed.success) throw profileFailure(SOCIAL_MESSAGES.invalidForm, zodFieldErrors(parsed.error.issues));
      const input = parsed.data;
      if (!USERNAME_PATTERN.test(input.username)) {
        throw profileFailure(SOCIAL_MESSAGES.invalidForm, { username: [PASSWORD_MESSAGES.usernameInvalid] });
      }
      if (await profiles.emailTaken(input.email, profile.accountId)) throw profileFailure(SOCIAL_MESSAGES.emailTaken);
      if (await profiles.usernameTaken(input.username, profile.accountId)) throw profileFailure(SOCIAL_MESSAGES.usernameTaken);

      const file = form.files[0];
      let avatar = profile.avatar;
      if (file) {
        try {
          const image = await processImage(file.data, {
            formats: IMAGE_FORMATS,
            maxBytes: AVATAR_LIMITS.maxBytes,
            maxPixels: AVATAR_LIMITS.maxPixels,
            maxDimension: 512,
          });
          avatar = `social/avatars/${randomUUID()}.${image.extension}`;
          await media.put(avatar, image.data, image.contentType);
        } catch (error) {
          if (error instanceof ImageRejected) throw profileFailure(`Avatar: ${error.message}`);
          throw error;
        }
      }
      const slug = await slugFor(profile, input.first_name, input.last_name, input.username);
      try {
        await db.transaction(async (tx) =>
          createProfilesRepository(tx).update(profile, {
            firstName: input.first_name,
            lastName: input.last_name,
            username: input.username,
            email: input.email,
            slug,
            avatar,
          }),
        );
      } catch (error) {
        if (avatar && avatar !== profile.avatar) await media.delete(avatar);
        const constraint = uniqueViolation(error);
        if (constraint?.includes('email')) throw profileFailure(SOCIAL_MESSAGES.emailTaken);
        if (constraint?.includes('username')) throw profileFailure(SOCIAL_MESSAGES.usernameTaken);
        if (constraint?.includes('slug')) throw profileFailure('Please try again: someone just took that name.');
        throw error;
      }
      if (profile.avatar && avatar !== profile.avatar) {
        await media.delete(profile.avatar).catch((error: unknown) => log.warn({ err: error }, 'could not delete an old avatar'));
      }
      return { slug, avatarUrl: avatar ? media.url(avatar) : null };
    },

    /**
     * Contract §4.5 with deviation 8: the old password is checked through the login throttle
     * (deviation 13), the new one follows the sign-up rules, and every other session of the account
     * ends. Refusals are the contract's: thrown as {@link PasswordChangeRefused}, answered with 200.
     */
    async changePassword(user: AuthUser, fields: Record<string, string>, client: ClientInfo): Promise<void> {
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
      if (new_password1 !== new_password2)
        errors.new_password2 = [{ message: PASSWORD_MESSAGES.mismatch, code: 'password_mismatch' }];
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
