import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@portal/contracts';
import { ApiError } from './errors.js';

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
}

/**
 * Turns an Authorization header into the caller. The auth domain's session service implements it;
 * core (the authentication hook, socket authentication) knows only this.
 */
export interface Authenticator {
  /** The caller; null when the header names no scheme this knows; throws the contract's 401 for bad credentials. */
  authenticate(header: string): Promise<AuthUser | null>;
}

export const notAuthenticated = () =>
  new ApiError(401, { detail: AUTH_MESSAGES.notAuthenticated }, { 'www-authenticate': 'Token' });

/** The caller, or a 401 in the contract's shape. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
