import type { ComponentType } from 'react';
import type { LayoutName } from '../layout/app-names';

type PageModule = { default: ComponentType };

/** One answer a server-rendered page starts with: the API path (GET) and the React Query key its page reads it under. */
export interface SsrData {
  key: readonly unknown[];
  path: string;
  /**
   * The answer is the first page of an infinite query (`useInfiniteQuery`) whose first page param
   * is `path`: the render keeps it under `key` as `{ pages: [answer], pageParams: [path] }`.
   */
  infinite?: boolean;
}

/**
 * One page of the route table (spec §2). Each app lists its own in `apps/<app>/routes.ts`, its page
 * a lazy import of a file in the app's folder; the shell (`app/router.tsx`) composes them.
 */
export interface PortalRoute {
  name: string;
  path: string;
  title: string;
  layout: LayoutName;
  requiresAuth?: boolean;
  page: () => Promise<PageModule>;
  /**
   * The API paths (GET) the page asks for first, started when the portal opens on this route, beside
   * the page's chunks (`shared/api/early-data.ts`); the page's query takes the answer over.
   */
  early?: (params: Record<string, string | undefined>) => string[];
  /**
   * Opts the page in to server rendering (issue 12): the server renders its anonymous, light view
   * with these answers (fetched from its own API, anonymously) already in React Query, and the
   * browser hydrates it (`entry-server.tsx`, `main.tsx`).
   */
  ssr?: { data: (params: Record<string, string | undefined>) => SsrData[] };
}
