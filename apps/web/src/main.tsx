import './app/zod-jitless';
import './app/boot.css';
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { skipEarlyData } from './app/portal-routes';
import { browserRoutes, createRouter } from './app/router';
import { HYDRATION_KEYS, readSsrState, shouldHydrate, type SsrState } from './app/ssr-state';
import { DARK_QUERY } from './shared/theme/theme-store';

const container = document.getElementById('root')!;
const routes = browserRoutes();

/** Renders from scratch (no server HTML, or a view the server did not render): the boot spinner until then. */
function renderInBrowser() {
  if (container.hasAttribute('data-ssr')) {
    // The head script has hidden the server's HTML behind the spinner (boot.css); the spinner takes its place.
    const spinner = document.querySelector('[data-ssr-boot]');
    container.replaceChildren(...(spinner ? [spinner] : []));
    container.removeAttribute('data-ssr');
  }
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={createRouter(routes)} />
    </StrictMode>,
  );
}

/** Once React owns the server's HTML, #root loses its mark (tests and the probes wait for it). */
function HydratedMark() {
  useEffect(() => container.removeAttribute('data-ssr'), []);
  return null;
}

/**
 * Hydrates the server's HTML (react-router, "lazy routes with SSR"): the matched routes' code loaded
 * first, React Query filled with the answers the server rendered with, the router started
 * initialized (no loader runs), then `hydrateRoot` in a transition so hydration yields to input.
 */
async function hydrate(state: SsrState) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
  // Already loaded with the root route's component (root-layout imports it).
  const { queryClient } = await import('./app/providers');
  for (const { key, data } of state.queries) queryClient.setQueryData(key, data);
  const loaderData = Object.fromEntries(
    matches.filter(({ route }) => route.loader).map(({ route }: { route: RouteObject }) => [route.id, null]),
  );
  skipEarlyData();
  const router = createRouter(routes, { loaderData });
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <RouterProvider router={router} />
        <HydratedMark />
      </StrictMode>,
      {
        // A mismatch makes React render the page again in the browser: reported, so tests catch it.
        onRecoverableError: (error, info) => console.error('Hydration error:', error, info.componentStack ?? ''),
      },
    );
  });
}

const state = readSsrState(document);
// The same decision as the head script's (ssr-state.ts), the system's dark preference included: a
// visitor whose system is dark gets the page rendered afresh, never the light server HTML hydrated.
if (state && container.hasAttribute('data-ssr') && shouldHydrate(localStorage, HYDRATION_KEYS, matchMedia(DARK_QUERY).matches)) {
  hydrate(state).catch((error: unknown) => {
    console.error('Could not hydrate the page; rendering it again:', error);
    renderInBrowser();
  });
} else {
  renderInBrowser();
}
