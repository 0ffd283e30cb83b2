import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isLoggedIn, useAuthStore } from '../shared/auth/auth-store';
import { logout } from '../shared/auth/logout';
import type { RouteMeta } from './route-meta';

const APP_OF_LAYOUT = { mainSocial: 'social', mainTaberna: 'taberna' } as const;

/** Spec §2: where a logged-out visitor of a login-required route is sent. */
export function loginRedirect(meta: RouteMeta, pathWithQuery: string): string {
  // Both logins send the person back to the page they asked for (issue 16).
  const back = new URLSearchParams({ redirect: pathWithQuery, message: 'auth' }).toString();
  if (meta.layout === 'mainTaberna') return `/taberna/login?${back}`;
  if (meta.layout === 'mainSocial') return `/social/login?${back}`;
  return '/';
}

/**
 * Runs before a route renders. Entering the shop or the social network while logged in to the
 * other one logs out (spec §4); a login-required route visited while logged out redirects.
 */
export function guardLoader(meta: RouteMeta) {
  return ({ request }: LoaderFunctionArgs) => {
    const app = APP_OF_LAYOUT[meta.layout as keyof typeof APP_OF_LAYOUT];
    const { activeApp } = useAuthStore.getState();
    if (app && isLoggedIn() && activeApp !== app) logout();
    if (meta.requiresAuth && !isLoggedIn()) {
      const url = new URL(request.url);
      throw redirect(loginRedirect(meta, `${url.pathname}${url.search}`));
    }
    return null;
  };
}
