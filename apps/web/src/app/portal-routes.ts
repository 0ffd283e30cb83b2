import type { RouteObject } from 'react-router';
import { aiLabRoutes } from '../apps/ai-lab/routes';
import { appsManagerRoutes, notFoundRoute, suspendedRoute } from '../apps/apps-manager/routes';
import { backofficeRoutes } from '../apps/backoffice/routes';
import { hyper3dRoutes } from '../apps/hyper3d/routes';
import { socialRoutes } from '../apps/social/routes';
import { tabernaRoutes } from '../apps/taberna/routes';
import type { PortalRoute } from '../shared/routing/portal-route';
import { fetchEarly } from '../shared/api/early-data';
import { LAYOUT_MODULES } from './layouts';
import { guardLoader } from './route-guard';
import type { RouteMeta } from './route-meta';

/** Spec §2, the route table: each app's own routes, and the not-found page for any other path last. */
export const PORTAL_ROUTES: PortalRoute[] = [
  ...appsManagerRoutes,
  ...tabernaRoutes,
  ...socialRoutes,
  ...aiLabRoutes,
  ...hyper3dRoutes,
  ...backofficeRoutes,
  suspendedRoute,
  notFoundRoute,
];

let firstLoad = true;

/** A server-rendered first page came with its data: later navigations fetch through their pages' queries. */
export function skipEarlyData(): void {
  firstLoad = false;
}

/**
 * A route of the table as the router takes it: its meta as the handle, behind the login guard, its page
 * lazy, its layout's chunk fetched at the same time as the page's (not after the page has rendered), and
 * on the first load its `early` data requested beside both.
 */
export function toRouteObject(route: PortalRoute): RouteObject {
  const meta: RouteMeta = {
    name: route.name,
    title: route.title,
    layout: route.layout,
    requiresAuth: route.requiresAuth ?? false,
  };
  const guard = guardLoader(meta);
  return {
    id: route.name,
    path: route.path,
    handle: meta,
    loader: (args) => {
      const result = guard(args);
      // Only on the portal's first load: later navigations find most data in React Query's cache.
      if (firstLoad) route.early?.(args.params).forEach(fetchEarly);
      firstLoad = false;
      return result;
    },
    lazy: async () => {
      const [page] = await Promise.all([route.page(), LAYOUT_MODULES[route.layout]()]);
      return { Component: page.default };
    },
  };
}

/**
 * A route of the table as the server renders it (`entry-server.tsx`): no loader (no login guard, no
 * early fetch: the server renders the anonymous view with the data it was handed), the page and its
 * layout resolved by the static handler before rendering.
 */
export function toServerRouteObject(route: PortalRoute): RouteObject {
  const { loader: _loader, ...object } = toRouteObject(route);
  return object;
}
