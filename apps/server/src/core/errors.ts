import type { ErrorBody } from '@portal/contracts';

/** An expected failure: its status and body are sent as they are, in the contract's shapes. */
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

export const notFound = (detail = 'Not found.') => new ApiError(404, { detail });
export const badRequest = (body: ErrorBody) => new ApiError(400, body);
export const fieldErrors = (errors: Record<string, string[]>) => new ApiError(400, errors);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, { detail });
export const conflict = (body: ErrorBody) => new ApiError(409, body);
export const tooManyRequests = (body: ErrorBody, retryAfterSeconds: number) =>
  new ApiError(429, body, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
