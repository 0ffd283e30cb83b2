import type { ComponentType } from 'react';
import type { LayoutName } from '../layout/app-names';

type PageModule = { default: ComponentType };

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
}
