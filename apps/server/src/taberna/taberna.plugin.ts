import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { announceChange } from '../core/public-cache.js';
import { defaultErrorShape, shopShape } from '../core/error-shapes.js';
import type { TestCheckoutProvider } from '../core/payments/test-checkout.js';
import { shopDataPart } from './account-data.part.js';
import { cartRoutes } from './cart.routes.js';
import { createCartService } from './cart.service.js';
import { catalogueRoutes } from './catalogue.routes.js';
import { countriesRoutes } from './countries.routes.js';
import { createCatalogueService } from './catalogue.service.js';
import { ordersRoutes } from './orders.routes.js';
import { createInvoicesService } from './invoices.service.js';
import { createOrdersService } from './orders.service.js';
import { testCheckoutRoutes } from './test-checkout.routes.js';

export const PURGE_CARTS_JOB = 'taberna-purge-guest-carts';
export const EXPIRE_ORDERS_JOB = 'taberna-expire-unpaid-orders';
export const TEST_PAYMENTS_WARNING =
  'Payments are in TEST MODE: without STRIPE_SECRET_KEY the built-in test checkout completes orders with the public test card 4242 4242 4242 4242, and no money moves. Set STRIPE_SECRET_KEY to take real payments, or TEST_CHECKOUT=false to close checkout.';
export const PAYMENTS_OFF_WARNING =
  'Payments are OFF: no STRIPE_SECRET_KEY and TEST_CHECKOUT=false, so checkout answers 503 until one of them changes.';

/** The Taberna shop: catalogue, carts, orders and payments, its jobs and its part in the shop login. */
export async function tabernaPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  const { config, payments } = deps;
  const catalogue = createCatalogueService(deps);
  const cart = createCartService(deps);
  const orders = createOrdersService(deps);
  // Finding 10: an owner who deploys without Stripe is told plainly how the shop takes payments.
  if (payments.kind === 'test') deps.log.warn(TEST_PAYMENTS_WARNING);
  if (payments.kind === 'off') deps.log.warn(PAYMENTS_OFF_WARNING);

  deps.accountData.register(shopDataPart());
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
    atStart: true,
    run: async () => {
      const released = await orders.expireUnpaid();
      if (released === 0) return;
      deps.log.info({ released }, 'unpaid orders expired, stock released');
      await announceChange(deps.events, ['shop']);
    },
  });

  defaultErrorShape(app, shopShape);
  await app.register(catalogueRoutes, { catalogue });
  await app.register(cartRoutes, { cart });
  await app.register(countriesRoutes);
  await app.register(ordersRoutes, {
    orders,
    invoices: createInvoicesService(deps),
    returnOrigins: [config.publicUrl, ...config.corsAllowedOrigins],
  });
  if (payments.kind === 'test') await app.register(testCheckoutRoutes, { provider: payments as TestCheckoutProvider, orders });
}
