import type { Project } from '@portal/contracts';
import type { MediaStorage } from '../core/media/media-storage.js';
import { publicOrigin } from '../core/request-origin.js';
import type { Database } from '../db/client.js';
import { createProjectsRepository, type ProjectRow } from './projects.repository.js';

/** The landing page lists the apps of this category (the contract calls them "vue apps"). */
export const APPS_CATEGORY = 'vuejs';

export function createAppsManagerService(db: Database, media: MediaStorage, publicUrl: string) {
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
