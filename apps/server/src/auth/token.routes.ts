import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_INACTIVE_CODE,
  ACCOUNT_SUSPENDED_CODE,
  accessTokenSchema,
  AUTH_MESSAGES,
  credentialsSchema,
  legacyTokenSchema,
  refreshRequestSchema,
  shopCredentialsSchema,
  tokenPairSchema,
  type ErrorBody,
} from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { clientInfo } from '../core/client-info.js';
import { ApiError, tooManyRequests } from '../core/errors.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import { errorKeyShape, nonFieldShape } from '../core/validation-shape.js';
import type { ShopLoginHook } from '../core/deps.js';
import type { CredentialCheck, SessionService } from './session.service.js';

const SHOP_FAILED = `Authentication failed: ${AUTH_MESSAGES.noActiveAccount}`;

/**
 * Each login endpoint words refusals in its own contract shape (contract §1.11 and §3); a right
 * password on an account not activated yet adds `code: "account_inactive"` to the same body (issue 14).
 */
function refuse(
  check: Exclude<CredentialCheck, { ok: true }>,
  status: number,
  body: (message: string) => ErrorBody,
  invalid: string,
) {
  if (check.reason === 'throttled') {
    const seconds = check.retryAfterMs / 1000;
    return tooManyRequests(body(AUTH_MESSAGES.tooManyAttempts(Math.ceil(seconds / 60))), seconds);
  }
  if (check.reason === 'inactive') return new ApiError(status, { ...body(invalid), code: ACCOUNT_INACTIVE_CODE });
  // Only whoever knows the password learns that (and why) the account is suspended.
  if (check.reason === 'suspended') return new ApiError(status, { ...body(check.message), code: ACCOUNT_SUSPENDED_CODE });
  return new ApiError(status, body(invalid));
}

export async function tokenRoutes(
  app: FastifyInstance,
  { sessions, shopLoginHooks }: { sessions: SessionService; shopLoginHooks: ShopLoginHook[] },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tokens'];

  // Contract §3.6, and §3.6a: the reference client's current build logs in to the social network at
  // the second path, with the same answers byte for byte (its extra `activeApp`, `login_source` are ignored).
  for (const [url, summary] of [
    ['/api/v1/token/', 'Log in to the social network: a refresh and an access JWT'],
    [
      '/api/social-profiles/api/v1/token/',
      'Log in to the social network (the path of current reference clients; same as /api/v1/token/)',
    ],
  ] as const) {
    api.post(url, {
      config: { auth: 'none' },
      schema: {
        tags,
        summary,
        body: credentialsSchema,
        response: { 200: tokenPairSchema, ...errorResponses(400, 401, 429) },
      },
      handler: async (request) => {
        const check = await sessions.checkCredentials(request.body.email, request.body.password, clientInfo(request));
        if (!check.ok) throw refuse(check, 401, (detail) => ({ detail }), AUTH_MESSAGES.noActiveAccount);
        return sessions.startSession(check.account, 'social', clientInfo(request));
      },
    });
  }

  api.post('/taberna-profiles/api/v1/token/', {
    config: { auth: 'none', validationShape: errorKeyShape('Authentication failed: ') },
    schema: {
      tags,
      summary: 'Log in to the shop: a refresh and an access JWT; the guest cart joins the account',
      body: shopCredentialsSchema,
      response: { 200: tokenPairSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      const check = await sessions.checkCredentials(request.body.email, request.body.password, clientInfo(request));
      if (!check.ok) throw refuse(check, 400, (error) => ({ error }), SHOP_FAILED);
      if (!(await sessions.hasProfile('taberna', check.account.id))) {
        throw new ApiError(400, { error: 'User profile does not exist.' });
      }
      for (const hook of shopLoginHooks) await hook(check.account.id, request.body.cart_id);
      return sessions.startSession(check.account, 'taberna', clientInfo(request));
    },
  });

  api.post('/api/v1/token/refresh/', {
    config: { auth: 'none' },
    schema: {
      tags,
      summary: 'A new access token for a refresh token',
      body: refreshRequestSchema,
      response: { 200: accessTokenSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => sessions.refresh(request.body.refresh),
  });

  api.post('/api/v1/token/revoke/', {
    config: { auth: 'none' },
    schema: {
      tags,
      summary: 'Log out: end the session of a refresh token, so neither it nor its access tokens work again',
      body: refreshRequestSchema,
      response: { 204: noContent, ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      await sessions.revoke(request.body.refresh);
      return reply.status(204).send(null);
    },
  });

  api.post('/api/v1/token/verify/', {
    config: { auth: 'none' },
    schema: {
      tags,
      summary: 'Check that an access token is valid',
      body: z.object({ token: refreshRequestSchema.shape.refresh }),
      response: { 200: z.object({}), ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      await sessions.verifyAccess(request.body.token);
      return {};
    },
  });

  api.post('/auth/token/login/', {
    config: { auth: 'none', validationShape: nonFieldShape(AUTH_MESSAGES.legacyLoginFailed) },
    schema: {
      tags,
      summary: 'Legacy login: a `Token` key for the Authorization header',
      body: credentialsSchema,
      response: { 200: legacyTokenSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => {
      const check = await sessions.checkCredentials(request.body.email, request.body.password, clientInfo(request));
      if (!check.ok) {
        throw refuse(check, 400, (message) => ({ non_field_errors: [message] }), AUTH_MESSAGES.legacyLoginFailed);
      }
      return { auth_token: await sessions.legacyLogin(check.account) };
    },
  });

  api.post('/auth/token/logout/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Legacy logout: delete the key used (or all keys of a JWT caller)',
      response: { 204: noContent, ...errorResponses(401) },
    },
    handler: async (request, reply) => {
      await sessions.legacyLogout(requireUser(request));
      return reply.status(204).send(null);
    },
  });
}
