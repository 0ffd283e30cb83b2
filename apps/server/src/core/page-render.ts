import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/** One answer a page renders with: the API path it comes from and the React Query key the page reads it under. */
export interface SsrDataSource {
  key: readonly unknown[];
  path: string;
}

/** What the web build's server bundle (`apps/web/src/entry-server.tsx`, built into `dist-ssr`) exports. */
export interface SsrModule {
  /** The answers a path's render needs, or null when its route is not server rendered. */
  ssrData(pathname: string): SsrDataSource[] | null;
  render(
    url: string,
    options: { nonce: string; data: { key: readonly unknown[]; data: unknown }[] },
  ): Promise<{ html: string; styles: string; state: string }>;
  /** The inline script that hides the server's HTML, before it paints, from visitors it does not show. */
  headScript(): string;
}

/** A rendered page's parts, with nonce placeholders: the same for every anonymous visitor. */
export interface RenderedPage {
  html: string;
  styles: string;
  state: string;
  headScript: string;
}

interface Entry {
  version: string;
  expiresAt: number;
  page: RenderedPage | undefined;
}

/** How long a rendered page is kept at most, changes or not (clock-worded text, changes not made through HTTP). */
const KEEP_MS = 60_000;
/** After a failed render, how long the path is served without rendering before the next try. */
const RETRY_MS = 10_000;
/** Rendered pages kept; the oldest goes first. */
const MAX_PAGES = 200;
/** Renders allowed in a burst, and per minute after it: beyond, pages are served plain (the cost stays bounded whatever is asked for). */
const RENDER_BUDGET = 20;

/**
 * An API path a page renders with answered something other than its data (a product that does not
 * exist): the page is served plain and the browser shows the answer, as it would without rendering.
 */
export class NoPageData extends Error {
  constructor(
    readonly path: string,
    readonly statusCode: number,
  ) {
    super(`GET ${path} answered ${statusCode}`);
  }
}

/** Loads the server bundle, or undefined when there is none (no SSR build: the plain page as before). */
export async function loadSsrModule(file: string, log: FastifyBaseLogger): Promise<SsrModule | undefined> {
  if (!fs.existsSync(file)) return undefined;
  try {
    return (await import(pathToFileURL(file).href)) as SsrModule;
  } catch (error) {
    log.error({ err: error, file }, 'the server-render bundle could not be loaded: pages are rendered in the browser');
    return undefined;
  }
}

/**
 * Server rendering with a bound on its cost (issue 12): a page is rendered once per path and kept
 * (its nonces placeholders, put in per response) until the public cache says its data may have
 * changed (`version`) or a minute has passed; requests arriving while it renders share that render.
 * A failure is logged and the path is served unrendered for a while: the caller sends the plain page.
 */
export function createPageRenderer({
  ssr,
  fetchJson,
  version,
  log,
  nonce,
}: {
  ssr: SsrModule;
  /** An API path's JSON, as an anonymous visitor of `origin` gets it. */
  fetchJson: (path: string, origin: string | undefined) => Promise<unknown>;
  /** The public cache's version of what these API paths show. */
  version: (paths: readonly string[]) => string;
  log: FastifyBaseLogger;
  /** The placeholder the response's style nonce replaces. */
  nonce: string;
}) {
  const pages = new Map<string, Entry>();
  const rendering = new Map<string, Promise<RenderedPage | undefined>>();
  const headScript = ssr.headScript();
  let budget = RENDER_BUDGET;
  let budgetAt = Date.now();
  const takeBudget = () => {
    const now = Date.now();
    budget = Math.min(RENDER_BUDGET, budget + ((now - budgetAt) / 60_000) * RENDER_BUDGET);
    budgetAt = now;
    if (budget < 1) return false;
    budget -= 1;
    return true;
  };

  async function renderNow(
    key: string,
    pathname: string,
    origin: string | undefined,
    sources: SsrDataSource[],
    at: string,
  ): Promise<RenderedPage | undefined> {
    const started = performance.now();
    try {
      const data = await Promise.all(
        sources.map(async ({ key: queryKey, path }) => ({ key: queryKey, data: await fetchJson(path, origin) })),
      );
      const page = { ...(await ssr.render(pathname, { nonce, data })), headScript };
      log.info({ path: pathname, origin, ms: Math.round(performance.now() - started) }, 'server-rendered a page');
      pages.delete(key);
      pages.set(key, { version: at, expiresAt: Date.now() + KEEP_MS, page });
      return page;
    } catch (error) {
      if (error instanceof NoPageData && error.statusCode < 500)
        log.info(
          { path: pathname, api: error.path, status: error.statusCode },
          'nothing to render: the page is rendered in the browser',
        );
      else log.error({ err: error, path: pathname }, 'server rendering failed: the page is rendered in the browser');
      pages.set(key, { version: at, expiresAt: Date.now() + RETRY_MS, page: undefined });
      return undefined;
    } finally {
      for (const oldest of pages.keys()) {
        if (pages.size <= MAX_PAGES) break;
        pages.delete(oldest);
      }
    }
  }

  /**
   * The rendered page for `pathname`, or undefined when it is not server rendered (or its render
   * failed, or the render budget is spent). `origin`: when the API's links follow the request's
   * origin (no PUBLIC_URL), the visitor's; each origin has its own render.
   */
  function page(pathname: string, origin?: string): RenderedPage | undefined | Promise<RenderedPage | undefined> {
    let sources: SsrDataSource[] | null;
    try {
      sources = ssr.ssrData(pathname);
    } catch (error) {
      log.error({ err: error, path: pathname }, 'server rendering failed: the page is rendered in the browser');
      return undefined;
    }
    if (!sources) return undefined;
    const at = version(sources.map((source) => source.path));
    const key = `${origin ?? ''}${pathname}`;
    const entry = pages.get(key);
    if (entry && entry.version === at && entry.expiresAt > Date.now()) return entry.page;
    const pending = rendering.get(key);
    if (pending) return pending;
    if (!takeBudget()) {
      log.warn({ path: pathname, origin }, 'server render budget spent: the page is rendered in the browser');
      return undefined;
    }
    const next = renderNow(key, pathname, origin, sources, at).finally(() => rendering.delete(key));
    rendering.set(key, next);
    return next;
  }

  return { page };
}
