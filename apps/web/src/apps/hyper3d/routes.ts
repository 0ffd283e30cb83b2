import type { PortalRoute } from '../../shared/routing/portal-route';

/** Hyper 3D's pages (spec §2), each its own lazy chunk. */
export const hyper3dRoutes: PortalRoute[] = [
  {
    name: 'homeHyper3d',
    path: '/hyper3d',
    title: 'Figures',
    layout: 'mainHyper3d',
    page: () => import('./pages/figures-page'),
  },
  {
    name: 'animateHyper3d',
    path: '/hyper3d/animate',
    title: 'Animate',
    layout: 'mainHyper3d',
    page: () => import('./pages/animate-page'),
  },
  {
    name: 'editorHyper3d',
    path: '/hyper3d/editor',
    title: 'Editor',
    layout: 'mainHyper3d',
    page: () => import('./pages/editor-page'),
  },
  {
    name: 'localModelHyper3d',
    path: '/hyper3d/local-model',
    title: 'Local Model',
    layout: 'mainHyper3d',
    page: () => import('./pages/local-model-page'),
  },
  {
    name: 'scenesHyper3d',
    path: '/hyper3d/scenes',
    title: 'My scenes',
    layout: 'mainHyper3d',
    page: () => import('./pages/scenes-page'),
  },
  {
    name: 'sharedSceneHyper3d',
    path: '/hyper3d/shared/:token',
    title: 'Shared scene',
    layout: 'mainHyper3d',
    page: () => import('./pages/shared-scene-page'),
  },
];
