import { redirect, type LoaderFunctionArgs } from 'react-router';
import { recordActiveApp } from '../shared/auth/api/active-app';
import { isLoggedIn, useAuthStore } from '../shared/auth/auth-store';
import type { RouteMeta } from './route-meta';

const APP_OF_LAYOUT = { mainSocial: 'social', mainTaberna: 'taberna' } as const;

/**
 * Spec §2: where a logged-out visitor of a login-required route is sent (`auth`), or someone whose
 * session ended under them (`session`, issue 26); '/' for an app without a login page.
 */
export function loginRedirect(meta: RouteMeta, pathWithQuery: string, reason: 'auth' | 'session' = 'auth'): string {
  // The logins send the person back to the page they asked for (issue 16).
  const back = new URLSearchParams({ redirect: pathWithQuery, message: reason }).toString();
  if (meta.layout === 'mainTaberna') return `/taberna/login?${back}`;
  // Staff log in on the back office's own page (issue 26), with the account's password.
  if (meta.layout === 'mainBackoffice') return `/backoffice/login?${back}`;
  if (meta.layout === 'mainSocial') return `/social/login?${back}`;
  return '/';
}

/**
 * Runs before a route renders. Moving between the shop and the social network keeps the login and
 * records the active app, here and on the session (deviation 14 replaces spec §4's logout); a
 * login-required route visited while logged out redirects.
 */
export function guardLoader(meta: RouteMeta) {
  return ({ request }: LoaderFunctionArgs) => {
    const app = APP_OF_LAYOUT[meta.layout as keyof typeof APP_OF_LAYOUT];
    const auth = useAuthStore.getState();
    if (app && isLoggedIn() && auth.activeApp !== app) {
      auth.setActiveApp(app);
      recordActiveApp(app).catch((error: unknown) => console.warn('Could not record the active app:', error));
    }
    if (meta.requiresAuth && !isLoggedIn()) {
      const url = new URL(request.url);
      throw redirect(loginRedirect(meta, `${url.pathname}${url.search}`));
    }
    return null;
  };
}
