import { PORTAL_SEARCH_LIMIT, type PortalSearchApp, type PortalSearchResults } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { transpositionSpellings } from '../core/search-spellings.js';
import { createSocialFinder } from '../social/index.js';
import { createCatalogueService } from '../taberna/index.js';
import { APPS_CATEGORY } from './apps-manager.service.js';
import { createProjectsRepository } from './projects.repository.js';

/**
 * One query across the portal: apps, shop products, people and posts, each capped and forgiving
 * of typos. People and posts follow the social network's rules for the caller (visibility, blocks,
 * mutes). One expensive read (issue 24): the four searches run on its transaction, one after the other.
 */
export function createPortalSearchService({ media, expensiveReads }: Pick<Deps, 'media' | 'expensiveReads'>) {
  return {
    search(text: string, accountId: number | null): Promise<PortalSearchResults> {
      return expensiveReads.run(async (db) => {
        const projects = createProjectsRepository(db);
        const catalogue = createCatalogueService({ db, media, expensiveReads });
        const social = createSocialFinder({ db, media });
        const rows = await projects.findFuzzy(APPS_CATEGORY, text, transpositionSpellings(text), PORTAL_SEARCH_LIMIT);
        const apps: PortalSearchApp[] = rows.map((row) => ({
          id: row.id,
          title: row.title,
          description: row.description,
          photo: row.photo ? media.url(row.photo) : null,
          url: row.viewUrl,
        }));
        const products = await catalogue.searchBrief(text, PORTAL_SEARCH_LIMIT);
        const viewerId = await social.viewerOf(accountId);
        const people = await social.people(text, PORTAL_SEARCH_LIMIT, viewerId);
        const posts = await social.posts(text, viewerId, PORTAL_SEARCH_LIMIT);
        return { apps, products, people, posts };
      });
    },
  };
}

export type PortalSearchService = ReturnType<typeof createPortalSearchService>;
