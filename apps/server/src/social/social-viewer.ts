import type { FastifyRequest } from 'fastify';
import { SOCIAL_MESSAGES } from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import { NO_PROFILE, NotFound, Unauthenticated } from '../core/domain-errors.js';
import type { ProfileRow, ProfilesRepository } from './profiles.repository.js';

export const noProfile = () => new NotFound(SOCIAL_MESSAGES.noProfile, { code: NO_PROFILE });

/**
 * The viewer's profile from what the session check read with the account (no statement of its own);
 * undefined when the credentials did not read it (legacy tokens).
 */
export function profileOfUser(user: AuthUser): ProfileRow | null | undefined {
  const row = user.socialProfile;
  if (row === undefined || row === null) return row;
  return {
    id: row.id,
    accountId: row.accountId,
    slug: row.slug,
    avatar: row.avatar,
    friendsCount: row.friendsCount,
    postsCount: row.postsCount,
    visiblePostsCount: row.visiblePostsCount,
    publicPostsCount: row.publicPostsCount,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    bio: row.bio,
    header: row.header,
  };
}

export function createViewerResolver(profiles: ProfilesRepository) {
  // Looked up once per request, however many hooks ask.
  const seen = new WeakMap<FastifyRequest, Promise<ProfileRow | undefined>>();
  const lookup = (request: FastifyRequest, user: AuthUser) => {
    let profile = seen.get(request);
    if (!profile) {
      const known = profileOfUser(user);
      profile = known === undefined ? profiles.findByAccount(user.accountId) : Promise.resolve(known ?? undefined);
      seen.set(request, profile);
    }
    return profile;
  };

  return {
    /** The social profile of a socket's user: read with the session, or looked up (legacy tokens). */
    async ofUser(user: AuthUser): Promise<ProfileRow | undefined> {
      const known = profileOfUser(user);
      return known === undefined ? profiles.findByAccount(user.accountId) : (known ?? undefined);
    },

    /** The caller's social profile, or null for anonymous callers and accounts without one. */
    async optional(request: FastifyRequest): Promise<ProfileRow | null> {
      if (!request.user) return null;
      return (await lookup(request, request.user)) ?? null;
    },

    /** The caller's social profile; 401 when anonymous, 404 when the account has no social profile. */
    async required(request: FastifyRequest): Promise<ProfileRow> {
      if (!request.user) throw new Unauthenticated();
      const profile = await lookup(request, request.user);
      if (!profile) throw noProfile();
      return profile;
    },
  };
}

export type ViewerResolver = ReturnType<typeof createViewerResolver>;
