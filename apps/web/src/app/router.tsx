import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../shared/ui/page-loader';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { PORTAL_ROUTES, toRouteObject } from './routes';

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: () => <PageLoader label="Loading the portal" />,
    ErrorBoundary: RouteError,
    children: PORTAL_ROUTES.map(toRouteObject),
  },
]);
