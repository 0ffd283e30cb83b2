import { lazy, Suspense } from 'react';
import { createBrowserRouter, useRouteError, type HydrationState, type RouteObject } from 'react-router';
import { PORTAL_ROUTES, toRouteObject } from './portal-routes';
import { routeErrorMessage } from './route-error-message';

/** Before the shell's chunk has loaded: an empty page of the theme's background, no MUI needed yet. */
function ShellLoading() {
  return <div role="progressbar" aria-label="Loading the portal" style={{ minHeight: '100vh' }} />;
}

/** When even the error page's chunk cannot load (the connection is gone): plain text and a reload button. */
function PlainRouteError() {
  const error = useRouteError();
  const message = routeErrorMessage(error);
  return (
    <div role="alert" style={{ maxWidth: 720, margin: '64px auto', padding: '0 16px', fontFamily: 'Roboto, sans-serif' }}>
      <p>This page could not be shown: {message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

const RouteErrorView = lazy(() => import('./route-error').catch(() => ({ default: PlainRouteError })));

function RouteError() {
  return (
    <Suspense fallback={null}>
      <RouteErrorView />
    </Suspense>
  );
}

/**
 * The root route's component (the providers, the layout switch) is lazy: the router fetches its chunk
 * and the matched page's (with the page's layout) side by side when it starts.
 */
export function browserRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      lazy: async () => ({ Component: (await import('./root-layout')).RootShell }),
      HydrateFallback: ShellLoading,
      ErrorBoundary: RouteError,
      children: PORTAL_ROUTES.map(toRouteObject),
    },
  ];
}

/** The router; with `hydrationData` (a server-rendered page) it starts initialized, without running the loaders. */
export function createRouter(routes: RouteObject[], hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { hydrationData });
}
