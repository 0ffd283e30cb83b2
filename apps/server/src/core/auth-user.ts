import type { FastifyRequest } from 'fastify';
import { BO_MESSAGES } from '@portal/contracts';
import type { socialProfiles } from '../db/schema/index.js';
import { Forbidden, Unauthenticated } from './domain-errors.js';

/** Who is calling: set by the authentication hook from a Bearer JWT or a legacy `Token` key. */
export interface AuthUser {
  accountId: number;
  /** The login session of a JWT; null for legacy tokens. */
  sessionId: string | null;
  via: 'jwt' | 'token';
  /** The legacy key's hash when `via` is `token`. */
  legacyKeyHash: string | null;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  /** Issue 15: `staff` or `owner` may use the back office. */
  role: 'staff' | 'owner' | null;
  /**
   * The account's social profile row, read in the same statement as the session (issue 12: session
   * and viewer in one query); null when it has none; undefined when the credentials did not read it
   * (legacy tokens), and then whoever needs it looks it up.
   */
  socialProfile?: SocialProfileRecord | null;
  /** When the access token runs out (ms since the epoch); undefined for legacy tokens, which do not. */
  tokenExpiresAt?: number;
}

export type SocialProfileRecord = typeof socialProfiles.$inferSelect;

/**
 * Turns an Authorization header into the caller. The auth domain's session service implements it;
 * core (the authentication hook, socket authentication) knows only this.
 */
export interface Authenticator {
  /**
   * The caller; null when the header names no scheme this knows; throws {@link Unauthenticated} for
   * bad credentials. `fresh` reads the database even where a recent answer is remembered.
   */
  authenticate(header: string, options?: { fresh?: boolean }): Promise<AuthUser | null>;
  /** Something may have changed who callers are (a write succeeded here): forget what is remembered. */
  forget?(): void;
}

/** The caller, or a 401 (no credentials). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthenticated();
  return request.user;
}

/** Back office (issue 15): staff or owner; anonymous 401, anyone else 403. */
export function requireStaff(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'staff' && user.role !== 'owner') throw new Forbidden(BO_MESSAGES.staffOnly);
  return user;
}

/** Role changes: owners only; anonymous 401, anyone else 403. */
export function requireOwner(request: FastifyRequest): AuthUser {
  const user = requireStaff(request);
  if (user.role !== 'owner') throw new Forbidden(BO_MESSAGES.ownerOnly);
  return user;
}
