import './app/zod-jitless';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchPath,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { PORTAL_ROUTES, toServerRouteObject } from './app/portal-routes';
import { createQueryClient, RenderScopeContext } from './app/providers';
import { RootShell } from './app/root-layout';
import { headScript, type SsrState } from './app/ssr-state';
import type { PortalRoute, SsrData } from './shared/routing/portal-route';

export { headScript };
export type { SsrData };

/** The server's route table: the same paths and pages as the browser's, without loaders. */
const ROUTES: RouteObject[] = [{ id: 'root', Component: RootShell, children: PORTAL_ROUTES.map(toServerRouteObject) }];
const handler = createStaticHandler(ROUTES);

/**
 * Every page's path pattern but the not-found page's: the web build writes them to `dist/routes.json`,
 * and the server answers any other path with the not-found page and 404 (issue 26: no soft 404s).
 */
export const ROUTE_PATHS = PORTAL_ROUTES.map((route) => route.path).filter((path) => path !== '*');

const SSR_PATHS = PORTAL_ROUTES.filter((route) => route.ssr).map((route) => route.path);

/** The opted-in route (`ssr` in its PortalRoute) a path shows, with its params; undefined when the path is not server rendered. */
function ssrRouteOf(pathname: string): { route: PortalRoute; params: Record<string, string | undefined> } | undefined {
  // The server asks for every page it serves: most paths match no opted-in route, found cheaply
  // (the whole table's ranking, below, costs a millisecond).
  if (!SSR_PATHS.some((path) => matchPath(path, pathname))) return undefined;
  const matches = matchRoutes(ROUTES, pathname) ?? [];
  const leaf = matches.at(-1);
  const route = PORTAL_ROUTES.find((candidate) => candidate.name === leaf?.route.id);
  return route?.ssr && leaf ? { route, params: leaf.params } : undefined;
}

const dataOfPath = new Map<string, SsrData[] | null>();

/** The answers a path's server render needs (its route's `ssr.data`), or null when the path is not server rendered. */
export function ssrData(pathname: string): SsrData[] | null {
  let data = dataOfPath.get(pathname);
  if (data === undefined) {
    const found = ssrRouteOf(pathname);
    data = found ? found.route.ssr!.data(found.params) : null;
    // Kept for the paths asked for most (the server asks on every request); any number of paths may come.
    if (dataOfPath.size >= 1000) dataOfPath.clear();
    dataOfPath.set(pathname, data);
  }
  return data;
}

export interface RenderResult {
  /** The root's markup, for inside `<div id="root">`. */
  html: string;
  /** Emotion's <style> elements, each with the nonce, for the <head>. */
  styles: string;
  /** The state to hydrate with, as JSON safe inside a <script> element. */
  state: string;
}

/** JSON for inside a <script> element: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const HTML_ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/**
 * The markup with its `style` attributes (MUI sets a few: `--Paper-shadow`, sizes) made into rules
 * of a stylesheet: the CSP (no 'unsafe-inline') refuses style attributes in HTML, though not those
 * React sets later through the DOM. Each element gets `data-ssr-style` instead, which React leaves
 * alone when it hydrates; the rule keeps applying after.
 */
function withoutStyleAttributes(markup: string): { html: string; attributeStyles: string } {
  const ids = new Map<string, number>();
  const html = markup.replace(/ style="([^"]*)"/g, (_attribute, value: string) => {
    const css = value.replace(/&(quot|#x27|#39|lt|gt|amp);/g, (entity) => HTML_ENTITIES[entity]!);
    if (!ids.has(css)) ids.set(css, ids.size);
    return ` data-ssr-style="${ids.get(css)}"`;
  });
  const attributeStyles = [...ids].map(([css, id]) => `[data-ssr-style="${id}"]{${css.replace(/</g, '\\3c ')}}`).join('');
  return { html, attributeStyles };
}

/** Two query keys the same (plain JSON arrays: strings, numbers, null). */
const sameKey = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The answers as React Query keeps them: an infinite query's first page (its route's `ssr.data` says
 * `infinite`) inside `{ pages, pageParams }`, every other answer as the API gave it.
 */
function asQueryData(pathname: string, data: { key: readonly unknown[]; data: unknown }[]) {
  const declared = ssrData(pathname) ?? [];
  return data.map(({ key, data: answer }) => {
    const source = declared.find((one) => one.infinite && sameKey(one.key, key));
    return { key, data: source ? { pages: [answer], pageParams: [source.path] } : answer };
  });
}

/**
 * The anonymous, light view of `url` (an opted-in route): React Query holds `data` under each
 * answer's key, the router's lazy page and layout are resolved, and React waits for every
 * Suspense boundary (`prerender`), so the markup is the whole page as the browser
 * will hydrate it. Each render has its own Emotion cache (with `nonce`) and React Query client.
 */
export async function render(
  url: string,
  { nonce, data }: { nonce: string; data: { key: readonly unknown[]; data: unknown }[] },
): Promise<RenderResult> {
  const request = new Request(new URL(url, 'http://portal.invalid'), { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`The route answered ${context.status} instead of rendering`);
  if (context.errors) throw new Error(`The route failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const emotionCache = createCache({ key: 'css', nonce });
  const emotionServer = createEmotionServer(emotionCache);
  const queryClient: QueryClient = createQueryClient();
  const queries = asQueryData(new URL(request.url).pathname, data);
  for (const answer of queries) queryClient.setQueryData(answer.key, answer.data);

  const { prelude } = await prerender(
    <StrictMode>
      <RenderScopeContext.Provider value={{ emotionCache, queryClient }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </RenderScopeContext.Provider>
    </StrictMode>,
    // Every boundary inline, however large: an outlined one would need React's inline script to
    // reveal it, which the CSP refuses (and which a visitor without JavaScript never runs).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const { html, attributeStyles } = withoutStyleAttributes(await new Response(prelude).text());
  const styles =
    emotionServer.constructStyleTagsFromChunks(emotionServer.extractCriticalToChunks(html)) +
    (attributeStyles ? `<style data-ssr-styles nonce="${nonce}">${attributeStyles}</style>` : '');
  const state: SsrState = { queries };
  queryClient.clear();
  return { html, styles, state: scriptJson(state) };
}
