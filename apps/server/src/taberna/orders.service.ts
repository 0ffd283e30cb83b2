import type { BillingData, Order } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Conflict, Invalid, NotFound, Unavailable } from '../core/domain-errors.js';
import { PaymentError, WebhookSignatureError } from '../core/payments/payment-provider.js';
import { PAYMENTS_OFF_MESSAGE } from '../core/payments/payments-off.js';
import { createCartRepository } from './cart.repository.js';
import { centsToNumber, toCents } from './money.js';
import { createOrderLifecycle, type Completion } from './order-lifecycle.js';
import { placeOrder, type PlacedOrder } from './order-placement.js';
import { prepareBilling } from './billing-address.js';
import { createDeliveryPricing } from './delivery-pricing.js';
import { createCatalogueRepository } from './catalogue.repository.js';
import { productViews } from './catalogue.service.js';
import { serializeOrders } from './order.serializer.js';
import { colorImageKey } from './product.serializer.js';
import { variantLabel } from './variation-choice.js';
import { createOrdersRepository, type OrderRow } from './orders.repository.js';
import { createProfileRepository } from './profile.repository.js';

/** The billing form as checkout takes it (the card token comes apart). */
export type Billing = Omit<BillingData, 'stripe_token'>;

const NO_ORDER = 'No Order matches the given query.';
export const COMPLETED = 'Order successfully completed';

/** Contract §8.10 and §8.11: a refused payment; its code is the payment error's type. */
const paymentRefused = (error: PaymentError) => new Invalid(error.message, { code: error.type });

function completionError(result: Completion): Conflict | Invalid | undefined {
  if (result === 'sold-out') {
    return new Conflict(
      'Your payment arrived after the order had expired and the products are sold out. Contact us for a refund.',
    );
  }
  if (result === 'discount-used-up') {
    return new Conflict(
      'Your payment arrived after the order had expired and its discount code was used up meanwhile. Contact us for a refund.',
    );
  }
  if (result === 'amount-mismatch') return new Invalid('The amount paid does not match the order total.');
  return undefined;
}

/** Checkout, payment outcomes, webhooks, expiry and the dashboard. */
export function createOrdersService(deps: Pick<Deps, 'db' | 'media' | 'mailer' | 'log' | 'payments' | 'config'>) {
  const { db, media, log, payments, config } = deps;
  /** Tests only (TEST_FAILPOINT): the process kills itself at this point. */
  const { failpoint } = config;
  const repo = createOrdersRepository(db);
  const carts = createCartRepository(db);
  const profiles = createProfileRepository(db);
  const catalogue = createCatalogueRepository(db);
  const lifecycle = createOrderLifecycle(deps);
  // Issue 25: the shop's currency (STORE_CURRENCY), as payment providers write it.
  const currency = config.shop.currency.toLowerCase();
  const placement = {
    taxRateBp: config.shop.taxRateBp,
    orderPaymentTtlMs: config.shop.orderPaymentTtlMs,
    provider: payments.kind,
  };

  /** Ends an unpaid order: the provider's session first, so it cannot be paid afterwards. */
  async function endUnpaid(order: OrderRow, to: 'cancelled' | 'expired'): Promise<'released' | 'paid' | 'not-pending'> {
    if (order.chargeId) {
      // Charged, then the process stopped before completing: the order is paid, never released.
      await lifecycle.complete(order.id, { paymentId: order.chargeId, amountCents: null });
      return 'paid';
    }
    if (order.sessionId && (await payments.cancelSession(order.sessionId)) === 'paid') {
      const status = await payments.getSessionStatus(order.sessionId);
      await lifecycle.complete(order.id, { paymentId: status.paymentId, amountCents: status.amountCents });
      return 'paid';
    }
    return (await lifecycle.release(order.id, to)) ? 'released' : 'not-pending';
  }

  /** A customer checking out again gives back what their earlier unpaid orders held (once the form is good). */
  async function place(accountId: number, billing: Billing, ip: string): Promise<PlacedOrder> {
    const prepared = prepareBilling({ ...billing, stripe_token: null });
    // Issue 28: a shipping choice that cannot be right is refused before earlier orders are touched
    // (placement checks it again, priced, in its transaction).
    await createDeliveryPricing(db, config.shop.taxRateBp).chosen(
      prepared.shipping ? prepared.shipping.country_code : prepared.countryCode,
      prepared.shipping_rate_id,
      0,
    );
    for (const earlier of await repo.pendingOf(accountId)) await endUnpaid(earlier, 'cancelled');
    return placeOrder(db, accountId, prepared, ip, placement);
  }

  /** No Stripe and TEST_CHECKOUT=false: refused before any order is placed or stock reserved. */
  function checkoutOpen(): void {
    if (payments.kind === 'off') throw new Unavailable(PAYMENTS_OFF_MESSAGE);
  }

  return {
    kind: payments.kind,

    /** Whether the account has a shop profile (checkout and the dashboard are for customers). */
    isCustomer: (accountId: number) => carts.hasShopProfile(accountId),

    /** What the checkout form starts from: the customer's names and saved address. */
    billingOf: (accountId: number) => profiles.billingOf(accountId),

    async placeWithSession(
      accountId: number,
      billing: Billing,
      ip: string,
      returnBase: string,
    ): Promise<{ checkout_url: string }> {
      checkoutOpen();
      const placed = await place(accountId, billing, ip);
      try {
        const session = await payments.createCheckoutSession({
          reference: placed.order.orderNumber,
          lines: [
            ...placed.lines.map((line) => {
              const image = colorImageKey(line.product, line.color);
              const label = variantLabel(line);
              return {
                name: label ? `${line.product.name} (${label})` : line.product.name,
                unitAmountCents: toCents(line.productPrice),
                quantity: line.quantity,
                imageUrl: image ? media.url(image) : null,
              };
            }),
            ...(placed.shipping && placed.shipping.cents > 0
              ? [
                  {
                    name: `Shipping: ${placed.shipping.name}`,
                    unitAmountCents: placed.shipping.cents,
                    quantity: 1,
                    imageUrl: null,
                  },
                ]
              : []),
          ],
          taxCents: placed.taxCents,
          // Issue 28: the payment page takes the code's amount off, so what is charged is the order total.
          ...(placed.discount ? { discount: { name: `Discount ${placed.discount.code}`, cents: placed.discount.cents } } : {}),
          totalCents: placed.totalCents,
          currency,
          customerEmail: billing.email,
          successUrl: `${returnBase}/taberna/cart/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${returnBase}/taberna/cart/failed?session_id={CHECKOUT_SESSION_ID}`,
          expiresAt: placed.order.expiresAt,
        });
        await repo.attachSession(placed.order.id, session.id);
        return { checkout_url: session.url };
      } catch (error) {
        await lifecycle.release(placed.order.id, 'cancelled');
        if (error instanceof PaymentError) throw paymentRefused(error);
        throw error;
      }
    },

    async placeWithCharge(accountId: number, billing: Billing, token: string, ip: string) {
      checkoutOpen();
      const placed = await place(accountId, billing, ip);
      let paymentId: string;
      try {
        ({ paymentId } = await payments.charge({
          token,
          amountCents: placed.totalCents,
          currency,
          description: `Taberna order ${placed.order.orderNumber}`,
          receiptEmail: billing.email,
          reference: placed.order.orderNumber,
        }));
      } catch (error) {
        await lifecycle.release(placed.order.id, 'cancelled');
        if (error instanceof PaymentError) throw paymentRefused(error);
        throw error;
      }
      // Finding 12: the charge id is on the order before anything else can fail; a crash from here
      // on leaves an order that the start-up run of the expiry job completes (see endUnpaid).
      await repo.recordCharge(placed.order.id, paymentId);
      if (failpoint === 'after-charge-recorded') process.kill(process.pid, 'SIGKILL');
      const result = await lifecycle
        .complete(placed.order.id, { paymentId, amountCents: placed.totalCents })
        .catch((error: unknown) => {
          // The card is charged but the order is not completed: someone must complete or refund it.
          log.error({ err: error, order: placed.order.orderNumber, paymentId }, 'charged, but the order could not be completed');
          throw error;
        });
      const failure = completionError(result);
      if (failure) throw failure;
      return {
        order: {
          id: placed.order.id,
          order_number: placed.order.orderNumber,
          grand_total: centsToNumber(placed.totalCents),
          tax: centsToNumber(placed.taxCents),
          status: placed.order.status,
          total: centsToNumber(placed.subtotalCents),
          quantity: placed.quantity,
          ...(placed.shipping ? { shipping_total: centsToNumber(placed.shipping.cents) } : {}),
          ...(placed.discount ? { discount: { code: placed.discount.code, amount: centsToNumber(placed.discount.cents) } } : {}),
        },
      };
    },

    /** The return page: completes the order only when the provider itself says the session is paid. */
    async paymentSucceeded(sessionId: string): Promise<{ message: string; order_number: string }> {
      const order = await repo.bySession(sessionId);
      if (!order) throw new NotFound(NO_ORDER);
      if (order.paymentState !== 'paid') {
        const status = await payments.getSessionStatus(sessionId).catch((error: unknown) => {
          if (error instanceof PaymentError) throw new Invalid(error.message);
          throw error;
        });
        if (!status.paid) throw new Invalid('This order has not been paid.');
        const failure = completionError(await lifecycle.complete(order.id, status));
        if (failure) throw failure;
      }
      return { message: COMPLETED, order_number: order.orderNumber };
    },

    /** The failed page: cancels the caller's own unpaid order and gives its stock back; the cart stays. */
    async paymentFailed(accountId: number, sessionId: string): Promise<{ message: string }> {
      const order = await repo.bySession(sessionId);
      if (!order || order.accountId !== accountId) throw new NotFound(NO_ORDER);
      if (order.paymentState === 'paid') throw new Conflict('This order is paid, so it cannot be cancelled.');
      if (order.paymentState === 'pending' && (await endUnpaid(order, 'cancelled')) === 'paid') {
        throw new Conflict('This order was paid after all, so it was not cancelled.');
      }
      return { message: 'Order deleted due to failed payment' };
    },

    /** Contract §8.14: what became of a webhook call. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<'handled' | 'bad-signature' | 'unknown-session'> {
      let event;
      try {
        event = payments.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          log.warn({ reason: error.message }, 'webhook refused');
          return 'bad-signature';
        }
        throw error;
      }
      if (event.kind === 'ignored') return 'handled';
      const order = await repo.bySession(event.sessionId);
      if (!order) return 'unknown-session';
      await lifecycle.complete(order.id, { paymentId: event.paymentId, amountCents: event.amountCents });
      return 'handled';
    },

    /** The built-in checkout's "pay" plays the webhook's part: the order completes at once. */
    async completeSession(sessionId: string): Promise<void> {
      const order = await repo.bySession(sessionId);
      if (!order) return;
      const status = await payments.getSessionStatus(sessionId);
      if (status.paid) await lifecycle.complete(order.id, status);
    },

    /**
     * Scheduled, and once at start: orders whose card was charged complete; unpaid orders past their
     * time give their stock back (or complete, if paid meanwhile).
     */
    async expireUnpaid(now = new Date()): Promise<number> {
      for (const order of await repo.pendingCharged(200)) await endUnpaid(order, 'expired');
      let released = 0;
      for (const order of await repo.pendingExpiredBy(now, 200)) {
        if ((await endUnpaid(order, 'expired')) === 'released') released += 1;
      }
      return released;
    },

    /**
     * The customer's paid orders with their lines, payments and refunds (six statements however many
     * there are, seven when one was refunded): all of them, or (issue 24) a page of them, older than the order `page.before` when given.
     */
    async dashboard(accountId: number, page?: { size: number; before: number | undefined }): Promise<Order[]> {
      const rows = await repo.paidOf(accountId, page);
      const ids = rows.map((row) => row.id);
      // Issue 28: refunds are read only for orders that had one (most have none: no extra statement).
      const refunded = rows.filter((row) => Number(row.refundedTotal) > 0).map((row) => row.id);
      const [lines, paid, refunds] = await Promise.all([repo.linesOf(ids), repo.paymentsOf(ids), repo.refundsOf(refunded)]);
      const productRows = await catalogue.productsByIds([...new Set(lines.map((line) => line.productId))]);
      const products = new Map((await productViews(catalogue, media, productRows)).map((product) => [product.id, product]));
      return serializeOrders(rows, { lines, payments: paid, products, refunds });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
