import { z } from 'zod';

const errorBody = z.record(z.string(), z.unknown());

/** Documented error answers of a route; kept loose so that documenting never breaks a reply. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503 | 504)[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBody.describe(ERROR_TEXT[status])]));
}

const ERROR_TEXT = {
  400: 'Invalid input: field errors or an `error`/`detail` message, as the contract gives per endpoint.',
  401: 'Not authenticated, or the token is not valid.',
  403: 'Authenticated, but not allowed.',
  404: 'No such resource.',
  409: 'Conflicts with the current state.',
  413: 'The request body is too large.',
  415: 'The request body is not of a type this endpoint reads.',
  429: 'Too many attempts; see Retry-After.',
  502: 'A service the request needs answered with an error.',
  503: 'A service the request needs is unavailable.',
  504: 'A service the request needs took too long.',
} as const;

export const noContent = z.null().describe('No content');
