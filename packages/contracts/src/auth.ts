import { z } from 'zod';
import { emailField, FIELD_MESSAGES, passwordField, textField } from './fields.js';

export const REGISTRATION_SOURCES = ['default', 'social_network', 'taberna'] as const;
export type RegistrationSource = (typeof REGISTRATION_SOURCES)[number];

export const ACTIVE_APPS = ['social', 'taberna'] as const;
export type ActiveApp = (typeof ACTIVE_APPS)[number];

/** Contract §3.3–3.5: the fields every registration endpoint takes (unknown keys are ignored). */
export const registerRequestSchema = z.object({
  email: emailField(100),
  username: textField(50),
  first_name: textField(50),
  last_name: textField(50),
  password: passwordField(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** 201 of `/api/v1/authusers/`, `/api/social-profiles/register/` and `/taberna-profiles/api/register/`. */
export const registeredUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type RegisteredUser = z.infer<typeof registeredUserSchema>;

/** 200 of the app registrations when the email already has an account (and the right password). */
export const profileAttachedSchema = z.object({
  detail: z.enum(['social_profile_created', 'taberna_profile_created']),
});

export const credentialsSchema = z.object({
  email: textField(254),
  password: passwordField(),
});
export type Credentials = z.input<typeof credentialsSchema>;

/** Contract §3.7: the shop login also carries the guest cart to merge. */
export const shopCredentialsSchema = credentialsSchema.extend({
  cart_id: z.union([z.string().max(128), z.number().int()], { error: 'cart_id must be a cart id or null.' }).nullish(),
});
export type ShopCredentials = z.input<typeof shopCredentialsSchema>;

export const tokenPairSchema = z.object({ refresh: z.string(), access: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({
  refresh: z.string({
    error: (issue) =>
      issue.input === undefined ? FIELD_MESSAGES.required : issue.input === null ? FIELD_MESSAGES.null : FIELD_MESSAGES.notString,
  }),
});
export const accessTokenSchema = z.object({ access: z.string() });

export const legacyTokenSchema = z.object({ auth_token: z.string() });

/** djoser's activation API (`POST /api/v1/authusers/activation/`). */
export const activationRequestSchema = z.object({ uid: textField(64), token: textField(128) });

/**
 * djoser's password reset (issue 14): `POST /api/v1/authusers/reset_password/` sends a link to the
 * email's account (`app` picks the app whose page it opens; the answer is 204 either way), and
 * `POST /api/v1/authusers/reset_password_confirm/` sets the new password with the link's uid and token.
 */
export const passwordResetRequestSchema = z.object({ email: emailField(100), app: z.enum(ACTIVE_APPS).optional() });
export const passwordResetConfirmSchema = z.object({
  uid: textField(64),
  token: textField(128),
  new_password: passwordField(),
  re_new_password: passwordField().optional(),
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/**
 * Added to a login refusal when the password was right but the account is not activated yet
 * (issue 14): the login page then says so and offers to send the activation email again.
 */
export const ACCOUNT_INACTIVE_CODE = 'account_inactive';

/** Claims of the access and refresh JWTs (contract §1.3, plus `sid`, the login session). */
export interface TokenClaims {
  token_type: 'access' | 'refresh';
  user_id: string;
  jti: string;
  sid: string;
  iat: number;
  exp: number;
}
