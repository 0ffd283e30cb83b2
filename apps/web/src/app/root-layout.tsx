import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { showAlert } from '../shared/alerts/alert-store';
import { onSessionEnded } from '../shared/api/api-client';
import { SUSPENDED_PATH, useSuspension } from '../shared/auth/suspension';
import { APP_NAMES } from '../shared/layout/app-names';
import { CommandPaletteLauncher } from '../shared/layout/command-palette/command-palette-launcher';
import { ErrorBoundary } from '../shared/ui/error-boundary';
import { PageLoader } from '../shared/ui/page-loader';
import { useDocumentTitle } from '../shared/ui/use-document-title';
import { LAYOUTS } from './layouts';
import { Providers } from './providers';
import { loginRedirect } from './route-guard';
import { isRouteMeta, type RouteMeta } from './route-meta';

const FALLBACK_META: RouteMeta = { name: 'notFound', title: 'Not Found', layout: 'mainAppsManager', requiresAuth: false };

export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteMeta(match.handle))?.handle;
  return isRouteMeta(handle) ? handle : FALLBACK_META;
}

/**
 * The root route's component, loaded lazily (`app/router.tsx`) beside the first page's chunk: MUI,
 * Emotion, the theme and React Query come with it, so the entry chunk holds only React and the router.
 */
export function RootShell() {
  return (
    <Providers>
      <RootLayout />
    </Providers>
  );
}

/** Chooses the layout from the route's meta and sets the page title. */
export function RootLayout() {
  const meta = useRouteMeta();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const Layout = LAYOUTS[meta.layout];
  useDocumentTitle(meta.title, APP_NAMES[meta.layout]);
  useEffect(
    () =>
      onSessionEnded(({ suspended }) => {
        if (suspended) {
          // Issue 27: a suspension is said as a page, at once, whichever app the person was in.
          useSuspension.getState().set(suspended);
          return void navigate(SUSPENDED_PATH);
        }
        // Issue 26: to the app's login, which says the session ended (not the failed call's token error),
        // and back here after it; an app without a login page says it in the alert.
        const login = loginRedirect(meta, `${pathname}${search}`, 'session');
        if (login === '/') return showAlert('Your session has ended. Please log in again.', 'info');
        void navigate(login);
      }),
    [meta, pathname, search, navigate],
  );
  return (
    <>
      <Suspense fallback={<PageLoader label="Loading the app" />}>
        <Layout>
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout>
        <ScrollRestoration />
      </Suspense>
      <CommandPaletteLauncher />
    </>
  );
}
