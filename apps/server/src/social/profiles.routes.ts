import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { ApiError } from '../core/errors.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { Deps } from '../core/deps.js';
import { createProfilesRepository } from './profiles.repository.js';
import { serializeProfile } from './profile.serializer.js';

export async function profilesRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const { db, media } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const profiles = createProfilesRepository(db);

  api.get('/api/social-profiles/me/', {
    config: { auth: 'required' },
    schema: {
      tags: ['social'],
      summary: "The caller's social profile",
      response: { 200: profileSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const row = await profiles.findByAccount(requireUser(request).accountId);
      if (!row) throw new ApiError(404, { message: 'Profile does not exist for this user' });
      return serializeProfile(row, media);
    },
  });
}
