import type { LayoutName } from '../shared/layout/app-names';

/** Spec §2: a route's meta chooses its layout, its page title and whether login is needed. */
export interface RouteMeta {
  name: string;
  title: string;
  layout: LayoutName;
  requiresAuth: boolean;
}

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null && 'layout' in value && 'title' in value;
}
