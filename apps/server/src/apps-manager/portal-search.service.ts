import { PORTAL_SEARCH_LIMIT, type PortalSearchApp, type PortalSearchResults } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { transpositionSpellings } from '../core/search-spellings.js';
import { createSocialFinder } from '../social/index.js';
import { createCatalogueService } from '../taberna/index.js';
import { APPS_CATEGORY } from './apps-manager.service.js';
import { createProjectsRepository } from './projects.repository.js';

/**
 * One query across the portal: apps, shop products, people and posts, each capped and forgiving
 * of typos. People and posts follow the social network's rules for the caller (visibility, blocks, mutes).
 */
export function createPortalSearchService({ db, media }: Pick<Deps, 'db' | 'media'>) {
  const projects = createProjectsRepository(db);
  const catalogue = createCatalogueService({ db, media });
  const social = createSocialFinder({ db, media });

  async function apps(text: string): Promise<PortalSearchApp[]> {
    const rows = await projects.findFuzzy(APPS_CATEGORY, text, transpositionSpellings(text), PORTAL_SEARCH_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      photo: row.photo ? media.url(row.photo) : null,
      url: row.viewUrl,
    }));
  }

  return {
    async search(text: string, accountId: number | null): Promise<PortalSearchResults> {
      const viewer = social.viewerOf(accountId);
      const [appsFound, products, people, posts] = await Promise.all([
        apps(text),
        catalogue.searchBrief(text, PORTAL_SEARCH_LIMIT),
        viewer.then((viewerId) => social.people(text, PORTAL_SEARCH_LIMIT, viewerId)),
        viewer.then((viewerId) => social.posts(text, viewerId, PORTAL_SEARCH_LIMIT)),
      ]);
      return { apps: appsFound, products, people, posts };
    },
  };
}

export type PortalSearchService = ReturnType<typeof createPortalSearchService>;
