import type { FastifyRequest } from 'fastify';
import { SOCIAL_MESSAGES } from '@portal/contracts';
import { NO_PROFILE, NotFound, Unauthenticated } from '../core/domain-errors.js';
import type { ProfileRow, ProfilesRepository } from './profiles.repository.js';

export const noProfile = () => new NotFound(SOCIAL_MESSAGES.noProfile, { code: NO_PROFILE });

export function createViewerResolver(profiles: ProfilesRepository) {
  // Looked up once per request, however many hooks ask.
  const seen = new WeakMap<FastifyRequest, Promise<ProfileRow | undefined>>();
  const lookup = (request: FastifyRequest, accountId: number) => {
    let profile = seen.get(request);
    if (!profile) {
      profile = profiles.findByAccount(accountId);
      seen.set(request, profile);
    }
    return profile;
  };

  return {
    /** The social profile of an account (sockets, which have no routed request user). */
    ofAccount: (accountId: number): Promise<ProfileRow | undefined> => profiles.findByAccount(accountId),

    /** The caller's social profile, or null for anonymous callers and accounts without one. */
    async optional(request: FastifyRequest): Promise<ProfileRow | null> {
      if (!request.user) return null;
      return (await lookup(request, request.user.accountId)) ?? null;
    },

    /** The caller's social profile; 401 when anonymous, 404 when the account has no social profile. */
    async required(request: FastifyRequest): Promise<ProfileRow> {
      if (!request.user) throw new Unauthenticated();
      const profile = await lookup(request, request.user.accountId);
      if (!profile) throw noProfile();
      return profile;
    },
  };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;
