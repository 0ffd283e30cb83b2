import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { ACCOUNT_SUSPENDED_CODE, AUTH_MESSAGES, BO_MESSAGES, type TokenPair } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { ClientInfo } from '../core/client-info.js';
import type { Deps } from '../core/deps.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { Unauthenticated } from '../core/domain-errors.js';
import { createAccountsRepository, type Account, type AppProfileKind } from './accounts.repository.js';
import { createJwtCodec } from './jwt.js';
import { createLoginThrottle } from './login-throttle.js';
import { verifyPassword } from './password-hash.js';

export type CredentialCheck =
  | { ok: true; account: Account }
  | { ok: false; reason: 'invalid' | 'inactive' }
  | { ok: false; reason: 'suspended'; message: string }
  | { ok: false; reason: 'throttled'; retryAfterMs: number };

/** A token that failed verification, worded as SimpleJWT words it: an Authorization header's names the check that failed. */
function tokenNotValid(message: string, where: 'header' | 'body'): Unauthenticated {
  const refused = { credentials: 'refused', code: 'token_not_valid' } as const;
  if (where === 'body') return new Unauthenticated(message, refused);
  return new Unauthenticated(AUTH_MESSAGES.tokenNotValid, { ...refused, reason: message });
}

const refused = (message: string, code?: string) => new Unauthenticated(message, { credentials: 'refused', code });

/** A suspended account's token: refused with the reason, so the person sees why (issue 15). */
const suspended = (account: Account) => refused(BO_MESSAGES.suspended(account.suspensionReason ?? ''), ACCOUNT_SUSPENDED_CODE);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Logins, JWT sessions and legacy tokens: everything that proves who a caller is. It holds no state
 * of its own (sessions live in the database, login counters in the counter store, the signing key is
 * the installation secret), so `app.ts`'s authenticator and the auth plugin's instance are one service.
 * Ended sessions are announced on the event bus, so their open sockets close on every instance.
 */
export function createSessionService({
  db,
  config,
  counters,
  secret,
  events,
}: Pick<Deps, 'db' | 'config' | 'counters' | 'secret' | 'events'>) {
  const accounts = createAccountsRepository(db);
  const jwt = createJwtCodec(secret);
  const throttle = createLoginThrottle(counters, {
    perAccountAndAddress: config.loginMaxFailures,
    perAccount: config.loginAccountMaxFailures,
    perAddress: config.loginAddressMaxFailures,
    windowMs: config.loginFailureWindowMs,
  });

  const toUser = (
    account: Account,
    sessionId: string | null,
    legacyKeyHash: string | null,
    socialProfile?: AuthUser['socialProfile'],
  ): AuthUser => ({
    accountId: account.id,
    sessionId,
    via: legacyKeyHash ? 'token' : 'jwt',
    legacyKeyHash,
    email: account.email,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    role: account.role ?? null,
    socialProfile,
  });

  /** Tells every instance that these sessions ended: their sockets close (4401). */
  async function announceRevoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await events.publish(CHANNELS.sessions, { type: 'session.revoked', sessionIds });
  }

  /**
   * The one password check of every path that takes a password: counted by the login throttle
   * before argon2 runs, shared by logins, app sign-up of an existing account and password change.
   * A wrong password and a locked pair answer alike apart from the wait.
   */
  async function checkPassword(email: string, password: string, client: ClientInfo): Promise<CredentialCheck> {
    // Audit S4: keyed by PostgreSQL's lower-casing, the one the login's lookup uses (JavaScript's
    // turns `İ` into `i̇`, so `İnes@…` logged in as `ines@…` with counters of its own).
    const reserved = await throttle.reserve(await accounts.emailKey(email), client.ip);
    if (!reserved.ok) return { ok: false, reason: 'throttled', retryAfterMs: reserved.retryAfterMs };
    const account = await accounts.findByEmail(email);
    const passwordOk = await verifyPassword(account?.passwordHash, password);
    if (!account || !passwordOk) return { ok: false, reason: 'invalid' };
    await reserved.reservation.succeeded();
    return { ok: true, account };
  }

  return {
    /**
     * Checks an email and password; inactive accounts fail with the wrong password's answer
     * (contract §1.11), told apart only to whoever knows the password (issue 14). The attempt is
     * reserved in the throttle before the hash runs (deviation 13).
     */
    async checkCredentials(email: string, password: string, client: ClientInfo): Promise<CredentialCheck> {
      const verdict = await checkPassword(email, password, client);
      if (!verdict.ok) return verdict;
      if (!verdict.account.isActive) return { ok: false, reason: 'inactive' };
      if (verdict.account.suspendedAt) {
        return { ok: false, reason: 'suspended', message: BO_MESSAGES.suspended(verdict.account.suspensionReason ?? '') };
      }
      return verdict;
    },

    checkPassword,

    hasProfile: (kind: AppProfileKind, accountId: number) => accounts.hasProfile(kind, accountId),

    async startSession(account: Account, app: string, client: ClientInfo): Promise<TokenPair> {
      const sessionId = randomUUID();
      await accounts.insertSession({
        id: sessionId,
        accountId: account.id,
        app,
        expiresAt: new Date(Date.now() + config.refreshTokenTtlMs),
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        ip: client.ip.slice(0, 64),
      });
      await accounts.touchLastLogin(account.id);
      const subject = { accountId: account.id, sessionId };
      const [refresh, access] = await Promise.all([
        jwt.sign('refresh', subject, config.refreshTokenTtlMs),
        jwt.sign('access', subject, config.accessTokenTtlMs),
      ]);
      return { refresh, access };
    },

    async refresh(refreshToken: string): Promise<{ access: string }> {
      const check = await jwt.verify(refreshToken, 'refresh');
      if (!check.ok) throw tokenNotValid(check.reason, 'body');
      const { user_id, sid } = check.claims;
      const row = await accounts.findForSession(Number(user_id), sid);
      // Issue 27: a suspension revokes the sessions too; whoever holds one of its tokens learns why, as with an access token.
      if (row && row.sessionAccountId === row.account.id && row.account.suspendedAt) throw suspended(row.account);
      if (!row || row.sessionAccountId !== row.account.id || row.revokedAt || (row.expiresAt && row.expiresAt < new Date())) {
        throw tokenNotValid('Token is blacklisted', 'body');
      }
      if (!row.account.isActive) throw refused(AUTH_MESSAGES.noActiveAccountForToken);
      return { access: await jwt.sign('access', { accountId: row.account.id, sessionId: sid }, config.accessTokenTtlMs) };
    },

    /** Ends the session of a refresh token. An expired token's session is already over. */
    async revoke(refreshToken: string): Promise<void> {
      const check = await jwt.verify(refreshToken, 'refresh');
      if (!check.ok && check.reason === 'Token is expired') return;
      if (!check.ok) throw tokenNotValid(check.reason, 'body');
      await accounts.revokeSession(check.claims.sid);
      await announceRevoked([check.claims.sid]);
    },

    announceRevoked,

    async verifyAccess(token: string): Promise<void> {
      const check = await jwt.verify(token, 'access');
      if (!check.ok) throw tokenNotValid(check.reason, 'body');
    },

    async legacyLogin(account: Account): Promise<string> {
      const key = randomBytes(20).toString('hex');
      await accounts.insertLegacyToken(account.id, sha256(key));
      return key;
    },

    async legacyLogout(user: AuthUser): Promise<void> {
      if (user.legacyKeyHash) await accounts.deleteLegacyToken(user.legacyKeyHash);
      else await accounts.deleteLegacyTokensOf(user.accountId);
    },

    /** Resolves an Authorization header; throws {@link Unauthenticated} (credentials refused) for a bad one. */
    async authenticate(header: string): Promise<AuthUser | null> {
      const [scheme, credentials, extra] = header.trim().split(/\s+/);
      if (!scheme || extra !== undefined) return null;
      if (scheme.toLowerCase() === 'token') {
        if (!credentials) throw refused('Invalid token header. No credentials provided.');
        const keyHash = sha256(credentials);
        const account = await accounts.findByLegacyToken(keyHash);
        if (!account) throw refused(AUTH_MESSAGES.invalidLegacyToken);
        if (!account.isActive) throw refused('User inactive or deleted.');
        if (account.suspendedAt) throw suspended(account);
        return toUser(account, null, keyHash);
      }
      if (scheme !== 'Bearer') return null;
      if (!credentials) throw refused('Authorization header must contain two space-delimited values', 'bad_authorization_header');
      const check = await jwt.verify(credentials, 'access');
      if (!check.ok) throw tokenNotValid(check.reason, 'header');
      const row = await accounts.findForSession(Number(check.claims.user_id), check.claims.sid);
      if (!row) throw refused('User not found', 'user_not_found');
      if (!row.account.isActive) throw refused(AUTH_MESSAGES.userInactive, 'user_inactive');
      if (row.account.suspendedAt) throw suspended(row.account);
      if (row.sessionAccountId !== row.account.id || row.revokedAt) throw tokenNotValid('Token is blacklisted', 'header');
      return { ...toUser(row.account, check.claims.sid, null, row.socialProfile), tokenExpiresAt: check.claims.exp * 1000 };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
