import type { FastifyRequest } from 'fastify';
import { SOCIAL_MESSAGES } from '@portal/contracts';
import { notAuthenticated } from '../core/auth-user.js';
import { ApiError } from '../core/errors.js';
import type { ProfileRow, ProfilesRepository } from './profiles.repository.js';

/**
 * How an endpoint answers an anonymous caller: `detail` is DRF's IsAuthenticated 401, `error` the
 * hand-written `{"error": "Authentication required"}` of post creation, comments and likes.
 */
export type AnonymousAnswer = 'detail' | 'error';

export const noProfile = () => new ApiError(404, { message: SOCIAL_MESSAGES.noProfile });

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
    async required(request: FastifyRequest, anonymous: AnonymousAnswer = 'detail'): Promise<ProfileRow> {
      if (!request.user) {
        throw anonymous === 'detail' ? notAuthenticated() : new ApiError(401, { error: SOCIAL_MESSAGES.authenticationRequired });
      }
      const profile = await lookup(request, request.user.accountId);
      if (!profile) throw noProfile();
      return profile;
    },
  };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;
