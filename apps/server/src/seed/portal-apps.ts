import { createProjectsRepository } from '../apps-manager/projects.repository.js';
import { APPS_CATEGORY } from '../apps-manager/apps-manager.service.js';
import type { MediaStorage } from '../core/media/media-storage.js';
import { renderProjectArt } from './project-art.js';
import type { SeedStep } from './seed-runner.js';

/** The apps of this portal, as the landing page lists them (first here = first on the page). */
const PORTAL_APPS = [
  {
    slug: 'taberna',
    title: 'Taberna E-com',
    viewUrl: '/taberna',
    description: 'An online shop: browse categories, pick a colour and size, keep a cart, pay by card and follow your orders.',
  },
  {
    slug: 'social',
    title: 'Social Network',
    viewUrl: '/social/home',
    description: 'Profiles, friends, posts with pictures, comments, likes, trends, one-to-one chat and live notifications.',
  },
  {
    slug: 'ai-lab',
    title: 'AI Lab',
    viewUrl: '/ai-lab',
    description:
      'Funny Chat that looks at your pictures, image and voice generation, and realtime chat: local engines or any OpenAI-compatible model.',
  },
  {
    slug: 'hyper3d',
    title: 'Hyper 3D (Work In Progress)',
    viewUrl: '/hyper3d',
    description: 'Interactive 3D figures, keyframe animation and a viewer for the 3D models on your own disk.',
  },
];

export function portalAppsStep(media: MediaStorage, sourceCodeUrl: string): SeedStep {
  return {
    name: 'portal-apps',
    demo: false,
    async run(db) {
      const now = Date.now();
      const rows = [];
      for (const [index, app] of PORTAL_APPS.entries()) {
        const photo = `portfolio/projects/${app.slug}.webp`;
        await media.put(photo, await renderProjectArt(app.slug), 'image/webp');
        rows.push({
          title: app.title,
          slug: app.slug,
          description: app.description,
          category: APPS_CATEGORY,
          photo,
          githubUrl: sourceCodeUrl,
          viewUrl: app.viewUrl,
          // The list is newest first; the first app here gets the newest timestamp.
          createdAt: new Date(now - index * 1000),
        });
      }
      await createProjectsRepository(db).insertMany(rows);
    },
  };
}
