import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../shared/ui/page-loader';
import { PORTAL_ROUTES, toRouteObject } from './portal-routes';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: () => <PageLoader label="Loading the portal" />,
    ErrorBoundary: RouteError,
    children: PORTAL_ROUTES.map(toRouteObject),
  },
]);
