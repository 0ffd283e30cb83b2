import { z } from 'zod';

/** `{"detail": "..."}`: authentication, permission, not found, method not allowed. */
export const detailErrorSchema = z.object({ detail: z.string() });

/** SimpleJWT token errors. */
export const tokenErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  messages: z.array(z.object({ token_class: z.string(), token_type: z.string(), message: z.string() })).optional(),
});

/** `{"<field>": ["msg", ...]}`: serializer validation. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

/** `{"error": "..."}`: hand-written views (shop login, cart, orders, posts). */
export const simpleErrorSchema = z.object({ error: z.string() });

/** `{"message": "..."}`: status replies and AI lab failures. */
export const messageSchema = z.object({ message: z.string() });

export type DetailError = z.infer<typeof detailErrorSchema>;
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Any error body the portal sends: a JSON object whose values are strings or lists of strings. */
export type ErrorBody = Record<string, unknown>;

export const AUTH_MESSAGES = {
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidLegacyToken: 'Invalid token.',
  tokenNotValid: 'Given token not valid for any token type',
  userInactive: 'User is inactive',
  noActiveAccount: 'No active account found with the given credentials',
  noActiveAccountForToken: 'No active account found for the given token.',
  legacyLoginFailed: 'Unable to log in with provided credentials.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRegistrations: 'Too many sign-ups from this address. Try again later.',
} as const;
