import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { appsManagerRoutes } from './apps-manager.routes.js';
import { createAppsManagerService } from './apps-manager.service.js';
import { createPortalSearchService } from './portal-search.service.js';

/** The landing page: the portal's apps, their search, the portal-wide search and the public settings. */
export async function appsManagerPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  await app.register(appsManagerRoutes, {
    appsManager: createAppsManagerService(deps),
    portalSearch: createPortalSearchService(deps),
  });
}
