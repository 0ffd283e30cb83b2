import type { PortalSettings, Project } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { publicOrigin } from '../core/request-origin.js';
import { createProjectsRepository, type ProjectRow } from './projects.repository.js';

/** The landing page lists the apps of this category (the contract calls them "vue apps"). */
export const APPS_CATEGORY = 'vuejs';

export function createAppsManagerService({ db, media, config }: Pick<Deps, 'db' | 'media' | 'config'>) {
  const { publicUrl, links } = config;
  const repo = createProjectsRepository(db);

  const serialize = (row: ProjectRow, trailingSlash = true): Project => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    photo: row.photo ? media.url(row.photo) : null,
    github_url: row.githubUrl,
    view_url: row.viewUrl,
    url: `${publicOrigin(publicUrl)}/category/${row.category}/${row.slug}${trailingSlash ? '/' : ''}`,
  });

  return {
    /** Public settings the web app reads at start. */
    settings: (): PortalSettings => ({
      links: {
        cv: links.cv,
        source_code: links.sourceCode,
        professional_network: links.professionalNetwork,
        all_apps: links.allApps,
      },
      suspension_contact: config.suspensionContact,
      currency: config.shop.currency,
    }),

    async list(): Promise<Project[]> {
      return (await repo.listByCategory(APPS_CATEGORY)).map((row) => serialize(row));
    },
    /** Contract §11.2: search results' `url` has no trailing slash. */
    async search(query: string): Promise<Project[]> {
      return (await repo.search(APPS_CATEGORY, query)).map((row) => serialize(row, false));
    },
    /** Where a project's detail URL leads: the app itself. */
    async viewUrlOf(category: string, slug: string): Promise<string | undefined> {
      return (await repo.findBySlug(category, slug))?.viewUrl || undefined;
    },
  };
}

export type AppsManagerService = ReturnType<typeof createAppsManagerService>;
