import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountSchema, activeAppRequestSchema, joinAppRequestSchema, profileAttachedSchema } from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { clientInfo } from '../core/client-info.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import type { AccountService } from './account.service.js';

/** Deviation 14: one sign-in for every app of the portal. */
export async function accountRoutes(app: FastifyInstance, { account }: { account: AccountService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  api.get('/api/v1/account/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'The logged-in account: names, the app profiles it has and the active app of this session',
      response: { 200: accountSchema, ...errorResponses(401) },
    },
    handler: async (request) => account.describe(requireUser(request)),
  });

  api.post('/api/v1/account/profiles/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Join an app: give the logged-in account its social or shop profile (password required)',
      body: joinAppRequestSchema,
      response: { 201: profileAttachedSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request, reply) => {
      const { app: joined, password } = request.body;
      const answer = await account.join(requireUser(request), joined, password, clientInfo(request));
      return reply.status(201).send(answer);
    },
  });

  api.post('/api/v1/account/active-app/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Record the app the person moved to on this login session',
      body: activeAppRequestSchema,
      response: { 204: noContent, ...errorResponses(400, 401) },
    },
    handler: async (request, reply) => {
      await account.setActiveApp(requireUser(request), request.body.active_app);
      return reply.status(204).send(null);
    },
  });
}
