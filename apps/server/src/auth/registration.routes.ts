import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationRequestSchema,
  emailField,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileAttachedSchema,
  registeredUserSchema,
  registerRequestSchema,
  type RegistrationSource,
} from '@portal/contracts';
import { Forbidden, Invalid } from '../core/domain-errors.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import type { PasswordResetService } from './password-reset.service.js';
import type { RegistrationService } from './registration.service.js';

const REGISTRATION_ROUTES: { url: string; source: RegistrationSource; summary: string }[] = [
  { url: '/api/v1/authusers/', source: 'default', summary: 'Create an account (inactive until activated)' },
  { url: '/api/social-profiles/register/', source: 'social_network', summary: 'Create an account with a social profile' },
  { url: '/taberna-profiles/api/register/', source: 'taberna', summary: 'Create an account with a shop profile' },
];

const ACTIVATION_RESULT = '/taberna-profiles/activate-result/';

export async function registrationRoutes(
  app: FastifyInstance,
  { registration, resets }: { registration: RegistrationService; resets: PasswordResetService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const { url, source, summary } of REGISTRATION_ROUTES) {
    api.post(url, {
      config: { auth: 'none' },
      schema: {
        tags: ['accounts'],
        summary,
        body: registerRequestSchema,
        response: {
          201: registeredUserSchema,
          ...(source === 'default' ? {} : { 200: profileAttachedSchema }),
          ...errorResponses(400, 429),
        },
      },
      handler: async (request, reply) => {
        const outcome = await registration.register(source, request.body, request.ip);
        if (outcome.kind === 'invalid') throw Invalid.fields(outcome.errors);
        if (outcome.kind === 'attached') return reply.status(200).send({ detail: outcome.detail });
        return reply.status(201).send(outcome.user);
      },
    });
  }

  // The link in the activation email: a GET that activates and shows the result page.
  const linkParams = z.object({ uid: z.string().max(64), token: z.string().max(128) });
  for (const url of ['/taberna-profiles/activate/:uid/:token/', '/accounts/activate/:uid/:token/']) {
    api.get(url, {
      config: { auth: 'none' },
      schema: { tags: ['accounts'], summary: 'Activate an account from its email link', params: linkParams },
      handler: async (request, reply) => {
        const outcome = await registration.activate(request.params.uid, request.params.token);
        return reply.redirect(`${ACTIVATION_RESULT}?status=${outcome}`, 302);
      },
    });
  }

  api.post('/api/v1/authusers/activation/', {
    config: { auth: 'none' },
    schema: {
      tags: ['accounts'],
      summary: 'Activate an account with the uid and token of its email link',
      body: activationRequestSchema,
      response: { 204: noContent, ...errorResponses(400, 403) },
    },
    handler: async (request, reply) => {
      const outcome = await registration.activate(request.body.uid, request.body.token);
      if (outcome === 'invalid') throw Invalid.fields({ token: ['Invalid token for given user.'] });
      if (outcome === 'already-active') throw new Forbidden('Stale token for given user.');
      return reply.status(204).send(null);
    },
  });

  api.post('/api/v1/authusers/resend_activation/', {
    config: { auth: 'none' },
    schema: {
      tags: ['accounts'],
      summary: 'Send the activation email again (answers the same whether or not the email exists)',
      body: z.object({ email: emailField(100) }),
      response: { 204: noContent, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      await registration.resendActivation(request.body.email, request.ip);
      return reply.status(204).send(null);
    },
  });

  // Issue 14: djoser's password reset. The request answers 204 whether or not the email has an account.
  api.post('/api/v1/authusers/reset_password/', {
    config: { auth: 'none' },
    schema: {
      tags: ['accounts'],
      summary: 'Email a password-reset link (answers the same whether or not the email exists)',
      body: passwordResetRequestSchema,
      response: { 204: noContent, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      await resets.request(request.body.email, request.body.app ?? 'taberna', request.ip, registration.queueActivation);
      return reply.status(204).send(null);
    },
  });

  api.post('/api/v1/authusers/reset_password_confirm/', {
    config: { auth: 'none' },
    schema: {
      tags: ['accounts'],
      summary: 'Set a new password with the uid and token of a reset link; every session of the account ends',
      body: passwordResetConfirmSchema,
      response: { 204: noContent, ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      await resets.confirm(request.body);
      return reply.status(204).send(null);
    },
  });
}
