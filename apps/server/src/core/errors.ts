import type { ErrorBody } from '@portal/contracts';

/**
 * A failure a route or hook words itself, sent as it is: for the few answers that fit no error
 * shape (the login endpoints' refusals, the write limits). Services throw domain errors instead
 * (domain-errors.ts), which each route answers in its error shape (error-shapes.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

export const tooManyRequests = (body: ErrorBody, retryAfterSeconds: number) =>
  new ApiError(429, body, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
