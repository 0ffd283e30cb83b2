import { z } from 'zod';
import { ACTIVE_APPS } from './auth.js';
import { accountRoleSchema } from './backoffice.js';
import { passwordField } from './fields.js';

const activeAppField = z.enum(ACTIVE_APPS, { error: 'Choose social or taberna.' });

/**
 * `GET /api/v1/account/` (deviation 14): the one account behind every app, which app profiles it
 * has, and the app its session was last used in.
 */
export const accountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  active_app: z.enum(ACTIVE_APPS).nullable(),
  profiles: z.object({ social: z.boolean(), taberna: z.boolean() }),
  /** Issue 15: `staff` or `owner` may open the back office; `null` for everyone else. */
  role: accountRoleSchema,
});
export type Account = z.infer<typeof accountSchema>;

/** `POST /api/v1/account/profiles/`: join an app with the account's own password. */
export const joinAppRequestSchema = z.object({ app: activeAppField, password: passwordField() });
export type JoinAppRequest = z.input<typeof joinAppRequestSchema>;

/** `POST /api/v1/account/active-app/`: the app the person moved to. */
export const activeAppRequestSchema = z.object({ active_app: activeAppField });

export const JOIN_MESSAGES = {
  wrongPassword: 'That is not the password of this account.',
  alreadyJoined: (app: string) => `This account already has a ${app === 'social' ? 'social' : 'shop'} profile.`,
} as const;

/**
 * Issue 26 (GDPR articles 15, 17, 20): `GET /api/v1/account/export/` answers 200 with the member's
 * data as a ZIP, or, for a very large account, 202 with this body and an email with a link later.
 */
export const accountExportQueuedSchema = z.object({ detail: z.string() });
export type AccountExportQueued = z.infer<typeof accountExportQueuedSchema>;

/** `DELETE /api/v1/account/`: the account's own password confirms it. */
export const deleteAccountRequestSchema = z.object({ password: passwordField() });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

export const ACCOUNT_DATA_MESSAGES = {
  exportQueued: 'Your data is being gathered. We will email you a download link when it is ready.',
  exportBusy: 'An export of this account is already being prepared. Try again in a minute.',
  exportsBusy: 'Too many exports are being prepared right now. Try again in a minute.',
  exportLinkExpired: 'This download link has expired or does not exist. Ask for a new export.',
  wrongPassword: JOIN_MESSAGES.wrongPassword,
  lastOwner: 'The portal needs at least one owner: make someone else owner before deleting this account.',
  deleted: 'The account and its personal data have been deleted.',
} as const;
