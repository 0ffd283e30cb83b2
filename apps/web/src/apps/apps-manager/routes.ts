import { SUSPENDED_PATH } from '../../shared/auth/suspension';
import { portalSettingsKey } from '../../shared/api/query-keys';
import type { PortalRoute } from '../../shared/routing/portal-route';
import { PORTAL_SETTINGS_PATH } from '../../shared/settings/paths';
import { PROJECTS_PATH } from './api/paths';
import { projectsKey } from './api/query-keys';

/** The apps manager's pages (spec §2): the landing page, search and account activation; each its own lazy chunk. */
export const appsManagerRoutes: PortalRoute[] = [
  {
    name: 'homeAppsManager',
    path: '/',
    title: 'Home',
    layout: 'mainAppsManager',
    page: () => import('./pages/home-page'),
    early: () => [PROJECTS_PATH],
    // The layout's links (the settings) too, so the top bar is whole in the server's HTML.
    ssr: {
      data: () => [
        { key: projectsKey, path: PROJECTS_PATH },
        { key: portalSettingsKey, path: PORTAL_SETTINGS_PATH },
      ],
    },
  },
  {
    name: 'searchAppsManager',
    path: '/apps_manager/search',
    title: 'Search',
    layout: 'mainAppsManager',
    page: () => import('./pages/search-page'),
  },
  {
    name: 'activationResult',
    path: '/taberna-profiles/activate-result',
    title: 'Account activation',
    layout: 'mainAppsManager',
    page: () => import('./pages/activation-result-page'),
  },
];

/** Issue 27: where the web app says an account was suspended, whichever app the person was in. */
export const suspendedRoute: PortalRoute = {
  name: 'accountSuspended',
  path: SUSPENDED_PATH,
  title: 'Account suspended',
  layout: 'mainAppsManager',
  page: () => import('./pages/suspended-page'),
};

/** Any path no app claims; the shell puts it after every app's routes. */
export const notFoundRoute: PortalRoute = {
  name: 'notFound',
  path: '*',
  title: 'Not Found',
  layout: 'mainAppsManager',
  page: () => import('./pages/not-found-page'),
};
