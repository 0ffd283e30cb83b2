import type { FastifyInstance } from 'fastify';
import { requireStaff } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { defaultErrorShape, detailShape } from '../core/error-shapes.js';
import { createAccountDataService } from '../core/account-data/account-data.service.js';
import { backofficeDataPart } from './account-data.part.js';
import { boAccountRequestsRoutes } from './account-requests.routes.js';
import { createAccountRequestsService } from './account-requests.service.js';
import { createAuditService } from './audit.service.js';
import { createAuditedActions } from './audit-trail.js';
import { boCsvRoutes } from './csv.routes.js';
import { createCsvExportService } from './csv-export.service.js';
import { boCustomersRoutes } from './customers.routes.js';
import { createCustomersService } from './customers.service.js';
import { boCatalogueRoutes } from './catalogue.routes.js';
import { createBoCatalogueService } from './catalogue.service.js';
import { createInvoicesService } from '../taberna/index.js';
import { boOrdersRoutes } from './orders.routes.js';
import { createBoOrdersService } from './orders.service.js';
import { createOverviewService } from './overview.service.js';
import { boPeopleRoutes } from './people.routes.js';
import { createPeopleService } from './people.service.js';
import { createProductImportService } from './product-import.service.js';
import { createBoPicturesService } from './pictures.service.js';
import { createStockService } from './stock.service.js';
import { createBoVariantsService } from './variants.service.js';
import { boShippingRoutes } from './shipping.routes.js';
import { boDiscountsRoutes } from './discounts.routes.js';
import { createBoDiscountsService } from './discounts.service.js';
import { createBoShippingService } from './shipping.service.js';

/**
 * The back office (issue 15): catalogue, stock, orders, moderation, accounts, audit and overview
 * for staff and owners. Every route here refuses anonymous callers (401) and non-staff (403)
 * before anything else is read; every action writes its audit row in its own transaction.
 */
export async function backofficePlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  const audited = createAuditedActions(deps.db);
  const catalogue = createBoCatalogueService(deps, audited);
  const stock = createStockService(deps, audited);
  const orders = createBoOrdersService(deps, audited);
  const people = createPeopleService(deps, audited);
  const overview = createOverviewService(deps);
  deps.accountData.register(backofficeDataPart());

  defaultErrorShape(app, detailShape);
  // After the global authentication hook (a missing or bad token is already a 401).
  app.addHook('onRequest', async (request) => void requireStaff(request));
  // Before the catalogue's `products/:id/` routes, though the router prefers the static paths anyway.
  await app.register(boCsvRoutes, {
    exports: createCsvExportService(deps),
    productImport: createProductImportService(audited),
  });
  await app.register(boCatalogueRoutes, {
    catalogue,
    pictures: createBoPicturesService(deps, audited),
    variants: createBoVariantsService(deps, audited),
  });
  await app.register(boOrdersRoutes, { orders, stock, invoices: createInvoicesService(deps) });
  await app.register(boCustomersRoutes, { customers: createCustomersService(deps, orders) });
  await app.register(boShippingRoutes, { shipping: createBoShippingService(deps, audited) });
  await app.register(boDiscountsRoutes, { discounts: createBoDiscountsService(deps, audited) });
  await app.register(boPeopleRoutes, { people, overview, audit: createAuditService(deps) });
  await app.register(boAccountRequestsRoutes, {
    requests: createAccountRequestsService(audited, createAccountDataService(deps)),
  });
}
