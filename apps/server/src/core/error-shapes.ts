import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@portal/contracts';
import {
  NO_PROFILE,
  RateLimited,
  Unauthenticated,
  Unavailable,
  type DomainError,
  type DomainErrorKind,
} from './domain-errors.js';

/** A domain error as one endpoint answers it. */
export interface HttpFailure {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** One of the contract's error body styles (contract §1.4): a domain error in, the answer out. */
export type ErrorShape = (error: DomainError) => HttpFailure;

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
  'upstream-failed': 502,
  unavailable: 503,
  'upstream-timeout': 504,
};

/** The status of the error's kind, and the Retry-After of a rate limit or an overload, whatever the body. */
export function failure(error: DomainError, body: ErrorBody, headers: Record<string, string> = {}): HttpFailure {
  const retryAfter = error instanceof RateLimited || error instanceof Unavailable ? error.retryAfterSeconds : undefined;
  if (retryAfter !== undefined) headers = { ...headers, 'retry-after': String(Math.max(1, Math.ceil(retryAfter))) };
  return { status: STATUS[error.kind], body, headers };
}

/**
 * 401s, worded alike on every route: SimpleJWT's `{"detail", "code"}` (with the token's `messages`
 * when there is a reason) for refused credentials that have a code, else DRF's `{"detail"}`; missing
 * credentials also get the `Token` challenge.
 */
export const tokenShape: ErrorShape = (error) => {
  if (error.code) {
    const messages = error.reason ? [{ token_class: 'AccessToken', token_type: 'access', message: error.reason }] : undefined;
    return failure(error, { detail: error.message, code: error.code, ...(messages ? { messages } : {}) });
  }
  const missing = error instanceof Unauthenticated && error.credentials === 'missing';
  return failure(error, { detail: error.message }, missing ? { 'www-authenticate': 'Token' } : {});
};

/** DRF's exceptions: `{"detail": "..."}`, and serializer field errors as `{"<field>": ["..."]}`. */
export const detailShape: ErrorShape = (error) => {
  if (error.kind === 'unauthenticated') return tokenShape(error);
  return failure(error, error.fields ?? { detail: error.message });
};

/** Hand-written views: `{"error": "..."}`. */
export const errorShape: ErrorShape = (error) =>
  error.kind === 'unauthenticated' ? tokenShape(error) : failure(error, { error: error.message });

/** `{"message": "..."}`, field errors beside it: the AI lab, the social profile form, the missing social profile. */
export const messageShape: ErrorShape = (error) =>
  error.kind === 'unauthenticated' ? tokenShape(error) : failure(error, { message: error.message, ...error.fields });

/**
 * The shop's views: DRF's `{"detail"}` for lookups and permissions, Django form and payment errors
 * as `{"errors": {...}}` (a payment error's type is its code), anything else `{"error": "..."}`.
 */
export const shopShape: ErrorShape = (error) => {
  if (error.kind === 'not-found' || error.kind === 'forbidden') return detailShape(error);
  if (error.kind === 'unauthenticated') return tokenShape(error);
  if (error.fields) return failure(error, { errors: error.fields });
  if (error.code !== undefined) return failure(error, { errors: { message: error.message, type: error.code } });
  return failure(error, { error: error.message });
};

/** The social network: DRF's `{"detail"}`, but an account without a social profile hears `{"message"}` (contract §4.1). */
export const socialShape: ErrorShape = (error) => (error.code === NO_PROFILE ? messageShape(error) : detailShape(error));

/** The shape of every route registered in this plugin from here on that names none of its own. */
export function defaultErrorShape(app: FastifyInstance, shape: ErrorShape): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, errorShape: route.config?.errorShape ?? shape };
  });
}
