import { AUTH_MESSAGES, type RegisteredUser, type RegistrationSource } from '@portal/contracts';
import { uniqueViolation } from '../db/errors.js';
import type { Deps } from '../core/deps.js';
import { sendInBackground } from '../core/mail/send-in-background.js';
import { RateLimited } from '../core/domain-errors.js';
import type { FieldErrorMap } from '../core/validation-shape.js';
import { addAppProfile, PROFILE_CREATED } from './app-profiles.js';
import { activationEmail } from './activation-email.js';
import { checkActivationToken, decodeUid, encodeUid, makeActivationToken } from './activation-token.js';
import { createAccountsRepository, type AccountsRepository, type AppProfileKind } from './accounts.repository.js';
import { hashPassword } from './password-hash.js';
import { passwordProblems } from './password-rules.js';
import type { SessionService } from './session.service.js';

export interface RegistrationInput {
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  password: string;
}

export type RegistrationOutcome =
  | { kind: 'created'; user: RegisteredUser }
  | { kind: 'attached'; detail: 'social_profile_created' | 'taberna_profile_created' }
  | { kind: 'invalid'; errors: FieldErrorMap };

export type ActivationOutcome = 'activated' | 'already-active' | 'invalid';

/** Activation emails one address may be re-sent per hour, whoever asks: nobody can flood an inbox. */
export const RESENDS_PER_EMAIL_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

type ActivationRecipient = { id: number; email: string; firstName: string; passwordHash: string };

export const USERNAME_PATTERN = /^[\p{L}\p{N}_.@+-]+$/u;
const MESSAGES = {
  emailTaken: 'account with this email already exists.',
  usernameTaken: 'account with this username already exists.',
  usernameInvalid: 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
};

const PROFILE_OF: Record<RegistrationSource, AppProfileKind | undefined> = {
  default: undefined,
  social_network: 'social',
  taberna: 'taberna',
};

export function createRegistrationService(
  { db, mailer, counters, secret, config, log }: Pick<Deps, 'db' | 'mailer' | 'counters' | 'secret' | 'config' | 'log'>,
  sessions: SessionService,
) {
  const accounts = createAccountsRepository(db);

  const addProfile = (
    repo: AccountsRepository,
    kind: AppProfileKind,
    accountId: number,
    input: RegistrationInput,
    username: string,
  ) => addAppProfile(repo, kind, accountId, { firstName: input.first_name, lastName: input.last_name, username });

  function activationMail(account: ActivationRecipient) {
    const link = `${config.publicUrl}/taberna-profiles/activate/${encodeUid(account.id)}/${makeActivationToken(secret, account)}/`;
    const days = Math.max(1, Math.round(config.activationTtlMs / 86_400_000));
    return activationEmail(account.email, account.firstName, link, days);
  }

  /**
   * Sign-up waits for its email: its answer already tells whether the email was free, and a 201
   * means the link is on its way.
   */
  async function sendActivation(account: ActivationRecipient) {
    try {
      await mailer.send(activationMail(account));
    } catch (error) {
      log.error({ err: error, accountId: account.id }, 'could not send the activation email');
    }
  }

  /** For answers that must not tell whether the email has an account: the mail goes out in the background. */
  function queueActivation(account: ActivationRecipient): void {
    sendInBackground({ mailer, log }, activationMail(account), { accountId: account.id });
  }

  async function throttle(ip: string) {
    const { count, resetInMs } = await counters.increment(`register:${ip}`, HOUR_MS);
    if (count > config.registrationsPerHour) {
      throw new RateLimited(AUTH_MESSAGES.tooManyRegistrations, resetInMs / 1000);
    }
  }

  return {
    queueActivation,

    async register(source: RegistrationSource, input: RegistrationInput, ip: string): Promise<RegistrationOutcome> {
      await throttle(ip);
      const kind = PROFILE_OF[source];
      const errors: FieldErrorMap = {};
      const existing = await accounts.findByEmail(input.email);
      if (existing) {
        if (kind && !(await accounts.hasProfile(kind, existing.id))) {
          // Adding an app profile to an existing account needs that account's password:
          // nobody may attach anything to someone else's account by knowing their email. The check
          // is a login attempt (deviation 13): it shares the login throttle, and a locked account
          // answers exactly like a wrong password, so this form tells a guesser nothing more.
          const check = await sessions.checkPassword(existing.email, input.password, { ip, userAgent: undefined });
          if (check.ok) {
            await addProfile(accounts, kind, existing.id, input, existing.username);
            return { kind: 'attached', detail: PROFILE_CREATED[kind] };
          }
        }
        errors.email = [MESSAGES.emailTaken];
      }
      if (!USERNAME_PATTERN.test(input.username)) errors.username = [MESSAGES.usernameInvalid];
      else if (await accounts.usernameTaken(input.username)) errors.username = [MESSAGES.usernameTaken];
      const problems = passwordProblems(input.password, input);
      if (problems.length > 0) errors.password = problems;
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };

      const passwordHash = await hashPassword(input.password);
      try {
        const account = await db.transaction(async (tx) => {
          const repo = createAccountsRepository(tx);
          const lowered = input.username.toLowerCase();
          let username = lowered;
          for (let n = 1; await repo.usernameTaken(username, true); n += 1) username = `${lowered}_${n}`;
          const created = await repo.insert({
            email: input.email,
            username,
            firstName: input.first_name,
            lastName: input.last_name,
            passwordHash,
          });
          if (kind) await addProfile(repo, kind, created.id, input, username);
          return created;
        });
        await sendActivation(account);
        return {
          kind: 'created',
          user: {
            id: account.id,
            email: account.email,
            username: account.username,
            first_name: account.firstName,
            last_name: account.lastName,
          },
        };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        // Two sign-ups raced for the same email or username; the loser hears it like anyone else.
        if (constraint.includes('email')) return { kind: 'invalid', errors: { email: [MESSAGES.emailTaken] } };
        if (constraint.includes('username')) return { kind: 'invalid', errors: { username: [MESSAGES.usernameTaken] } };
        return { kind: 'invalid', errors: { non_field_errors: ['Unable to create account.'] } };
      }
    },

    async activate(uid: string, token: string): Promise<ActivationOutcome> {
      const id = decodeUid(uid);
      const account = id === undefined ? undefined : await accounts.findById(id);
      if (!account || !checkActivationToken(secret, account, token, config.activationTtlMs)) return 'invalid';
      if (account.isActive) return 'already-active';
      await accounts.activate(account.id);
      return 'activated';
    },

    /**
     * Sends a new link to an inactive account, at most three an hour per email, whoever asks; says
     * nothing about whether the email exists, and answers as fast either way.
     */
    async resendActivation(email: string, ip: string): Promise<void> {
      await throttle(ip);
      const byEmail = await counters.increment(`activation-resend-email:${email.toLowerCase()}`, HOUR_MS);
      const account = await accounts.findByEmail(email);
      if (account && !account.isActive && byEmail.count <= RESENDS_PER_EMAIL_PER_HOUR) queueActivation(account);
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
