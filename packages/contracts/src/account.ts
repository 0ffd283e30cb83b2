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
