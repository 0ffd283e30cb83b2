import { lazy, type ComponentType, type ReactNode } from 'react';
import type { LayoutName } from '../shared/layout/app-names';

type LayoutComponent = ComponentType<{ children: ReactNode }>;
type LayoutModule = { default: LayoutComponent };

/**
 * Each app's layout lives in its app's chunk: the landing page never loads the shop's code. The route
 * table starts loading a route's layout together with its page (`toRouteObject`), so the two chunks
 * download side by side instead of one after the other.
 */
export const LAYOUT_MODULES: Record<LayoutName, () => Promise<LayoutModule>> = {
  mainAppsManager: () => import('../apps/apps-manager/layout/apps-manager-layout'),
  mainTaberna: () => import('../apps/taberna/layout/taberna-layout'),
  mainSocial: () => import('../apps/social/layout/social-layout'),
  mainAILab: () => import('../apps/ai-lab/layout/ai-lab-layout'),
  mainHyper3d: () => import('../apps/hyper3d/layout/hyper3d-layout'),
  mainBackoffice: () => import('../apps/backoffice/layout/backoffice-layout'),
};

export const LAYOUTS: Record<LayoutName, LayoutComponent> = {
  mainAppsManager: lazy(LAYOUT_MODULES.mainAppsManager),
  mainTaberna: lazy(LAYOUT_MODULES.mainTaberna),
  mainSocial: lazy(LAYOUT_MODULES.mainSocial),
  mainAILab: lazy(LAYOUT_MODULES.mainAILab),
  mainHyper3d: lazy(LAYOUT_MODULES.mainHyper3d),
  mainBackoffice: lazy(LAYOUT_MODULES.mainBackoffice),
};
