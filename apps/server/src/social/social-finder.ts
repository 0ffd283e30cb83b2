import type { PortalSearchPerson, PortalSearchPost } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import type { Executor } from '../db/client.js';
import { fullNameOf } from './profile.serializer.js';
import { createProfilesRepository } from './profiles.repository.js';
import { createSearchRepository } from './search.repository.js';

const EXCERPT_LENGTH = 140;

/**
 * What the portal-wide search asks of the social network: the same people and post searches (and
 * post visibility rules) as the social search page, in a compact form that never carries an email.
 * Made on the portal search's expensive read (its `db` is that read's transaction).
 */
export function createSocialFinder({ db, media }: { db: Executor } & Pick<Deps, 'media'>) {
  const profiles = createProfilesRepository(db);
  const search = createSearchRepository(db);

  return {
    /** The social profile id whose visibility applies to an account (null: anonymous or no profile). */
    async viewerOf(accountId: number | null): Promise<number | null> {
      if (accountId === null) return null;
      return (await profiles.findByAccount(accountId))?.id ?? null;
    },

    /** People by name (issue 27: never anyone the viewer blocked or who blocked them). */
    async people(text: string, limit: number, viewerId: number | null = null): Promise<PortalSearchPerson[]> {
      return (await profiles.search(text, limit, viewerId)).map((row) => ({
        id: row.id,
        slug: row.slug,
        full_name: fullNameOf(row),
        username: row.username,
        avatar_url: row.avatar ? media.url(row.avatar) : null,
        url: `/social/profile/${row.slug}`,
      }));
    },

    /** Posts the viewer may see (social visibility rules, blocks and mutes), best match first. */
    async posts(text: string, viewerId: number | null, limit: number): Promise<PortalSearchPost[]> {
      const { posts } = await search.posts(text, viewerId, { limit, offset: 0 });
      return posts.map((row) => {
        const body = (row.body ?? '').replace(/\s+/g, ' ').trim();
        return {
          id: row.id,
          excerpt: body.length > EXCERPT_LENGTH ? `${body.slice(0, EXCERPT_LENGTH - 1)}…` : body,
          author: fullNameOf(row.author),
          is_private: row.isPrivate,
          created_at: row.createdAt.toISOString(),
          url: `/social/${row.id}`,
        };
      });
    },
  };
}

export type SocialFinder = ReturnType<typeof createSocialFinder>;
