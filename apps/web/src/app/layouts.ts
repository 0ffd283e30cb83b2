import { lazy, type ComponentType, type ReactNode } from 'react';
import type { LayoutName } from '../shared/layout/app-names';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

/** Each app's layout lives in its app's chunk: the landing page never loads the shop's code. */
export const LAYOUTS: Record<LayoutName, LayoutComponent> = {
  mainAppsManager: lazy(() => import('../apps/apps-manager/layout/apps-manager-layout')),
  mainTaberna: lazy(() => import('../apps/taberna/layout/taberna-layout')),
  mainSocial: lazy(() => import('../apps/social/layout/social-layout')),
  mainAILab: lazy(() => import('../apps/ai-lab/layout/ai-lab-layout')),
  mainHyper3d: lazy(() => import('../apps/hyper3d/layout/hyper3d-layout')),
  mainBackoffice: lazy(() => import('../apps/backoffice/layout/backoffice-layout')),
};
