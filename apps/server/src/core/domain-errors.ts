import { AUTH_MESSAGES } from '@portal/contracts';

/** What went wrong, in the domain's words; each route's error shape turns it into a status and a body. */
export type DomainErrorKind =
  | 'not-found'
  | 'forbidden'
  | 'invalid'
  | 'too-large'
  | 'conflict'
  | 'rate-limited'
  | 'unauthenticated'
  | 'unavailable'
  | 'upstream-failed'
  | 'upstream-timeout';

export interface DomainErrorDetails {
  /** Messages per input field (`non_field_errors` for the input as a whole). */
  fields?: Record<string, string[]>;
  /** A stable reason a client may branch on (`token_not_valid`, a payment error's type, ...). */
  code?: string;
  /** What exactly failed, beside the message (the token check's own words). */
  reason?: string;
}

/**
 * An expected failure thrown by a service. It knows nothing of HTTP: routes choose an error shape
 * (core/error-shapes.ts) that answers it in their endpoint's contract body.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly fields: Record<string, string[]> | undefined;
  readonly code: string | undefined;
  readonly reason: string | undefined;

  constructor(message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = new.target.name;
    this.fields = details.fields;
    this.code = details.code;
    this.reason = details.reason;
  }
}

export class NotFound extends DomainError {
  readonly kind = 'not-found';
  constructor(message = 'Not found.', details?: DomainErrorDetails) {
    super(message, details);
  }
}

export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  constructor(message = 'You do not have permission to perform this action.', details?: DomainErrorDetails) {
    super(message, details);
  }
}

export class Invalid extends DomainError {
  readonly kind = 'invalid';

  /** Field errors alone; the message is the first of them. */
  static fields(fields: Record<string, string[]>): Invalid {
    return new Invalid(Object.values(fields).flat()[0] ?? 'Invalid input.', { fields });
  }
}

/** The input is more than the server takes (a file over its size limit). */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
}

export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

export class RateLimited extends DomainError {
  readonly kind = 'rate-limited';
  constructor(
    message: string,
    /** When a new attempt may succeed. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * The caller is not known: `missing` when no credentials came (the caller should log in), `refused`
 * when the credentials that came are no good (a bad, expired or revoked token, an inactive account).
 */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated';
  readonly credentials: 'missing' | 'refused';

  constructor(
    message: string = AUTH_MESSAGES.notAuthenticated,
    { credentials = 'missing', ...details }: DomainErrorDetails & { credentials?: 'missing' | 'refused' } = {},
  ) {
    super(message, details);
    this.credentials = credentials;
  }
}

/** A service this depends on is off, unreachable or overloaded. */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable';
  /** When a new attempt may succeed (answered as `Retry-After`); unknown when unset. */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, details?: DomainErrorDetails & { retryAfterSeconds?: number }) {
    super(message, details);
    this.retryAfterSeconds = details?.retryAfterSeconds;
  }
}

/** A service this depends on answered with an error or with something unusable. */
export class UpstreamFailed extends DomainError {
  readonly kind = 'upstream-failed';
}

/** A service this depends on did not answer in time. */
export class UpstreamTimeout extends DomainError {
  readonly kind = 'upstream-timeout';
}

/** The `code` of a {@link NotFound} for an account without a profile in the app it asked (contract §4.1). */
export const NO_PROFILE = 'no_profile';
