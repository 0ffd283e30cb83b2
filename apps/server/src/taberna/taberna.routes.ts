import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import type { TestCheckoutProvider } from '../core/payments/test-checkout.js';
import { createCartRepository } from './cart.repository.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService } from './cart.service.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { createCatalogueService } from './catalogue.service.js';
import { ordersRoutes } from './orders.routes.js';
import { createOrdersService } from './orders.service.js';
import { createProfileRepository } from './profile.repository.js';
import { testCheckoutRoutes } from './test-checkout.routes.js';

export const PURGE_CARTS_JOB = 'taberna-purge-guest-carts';
export const EXPIRE_ORDERS_JOB = 'taberna-expire-unpaid-orders';

/** The Taberna shop: catalogue, carts, orders and payments, its jobs and its part in the shop login. */
export async function tabernaRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const { db, media, config, payments } = deps;
  const catalogue = createCatalogueService(db, media);
  const cart = createCartService(db, media, config.shop.taxRateBp);
  const orders = createOrdersService({
    db,
    media,
    mailer: deps.mailer,
    log: deps.log,
    payments,
    publicUrl: config.publicUrl,
    settings: { taxRateBp: config.shop.taxRateBp, orderPaymentTtlMs: config.shop.orderPaymentTtlMs },
  });

  deps.shopLoginHooks.push(async (accountId, cartId) => {
    if (cartId !== null && cartId !== undefined && cartId !== '') await cart.mergeGuestCart(accountId, String(cartId));
  });
  deps.scheduler.add({
    name: PURGE_CARTS_JOB,
    intervalMs: 3_600_000,
    run: async () => {
      const purged = await cart.purgeStaleGuestCarts(config.shop.guestCartTtlMs);
      if (purged > 0) deps.log.info({ purged }, 'stale guest carts purged');
    },
  });
  deps.scheduler.add({
    name: EXPIRE_ORDERS_JOB,
    intervalMs: Math.min(60_000, config.shop.orderPaymentTtlMs),
    run: async () => {
      const released = await orders.expireUnpaid();
      if (released > 0) deps.log.info({ released }, 'unpaid orders expired, stock released');
    },
  });

  await app.register(catalogueRoutes, { catalogue });
  await app.register(cartRoutes, { cart });
  await app.register(ordersRoutes, {
    orders,
    carts: createCartRepository(db),
    profiles: createProfileRepository(db),
    returnOrigins: [config.publicUrl, ...config.corsAllowedOrigins],
  });
  if (payments.kind === 'test') await app.register(testCheckoutRoutes, { provider: payments as TestCheckoutProvider, orders });
}
