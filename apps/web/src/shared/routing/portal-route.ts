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
}
