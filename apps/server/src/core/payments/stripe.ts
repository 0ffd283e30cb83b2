import Stripe from 'stripe';
import {
  PaymentError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
  type SessionStatus,
  type WebhookEvent,
} from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Another API address (a local stand-in or stripe-mock); the real API when unset. */
  apiUrl: string | undefined;
}

// Stripe accepts Checkout Sessions that expire between 30 minutes and 24 hours from now.
const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 23 * 3_600_000;

export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

function toPaymentError(error: unknown): PaymentError {
  if (error instanceof Stripe.errors.StripeError) return new PaymentError(error.message, error.type);
  return new PaymentError('The payment service could not be reached. Try again in a moment.', 'StripeConnectionError');
}

const paymentIdOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? session.id);

/** Stripe Checkout Sessions built from the order's lines as price data, the charge flow, and the signed webhook. */
export function createStripeProvider(settings: StripeSettings, publicUrl: string): PaymentProvider {
  const stripe = createStripeClient(settings);
  // Stripe fetches product pictures itself, so only public https addresses are worth sending.
  const imagesUsable = publicUrl.startsWith('https://');

  const status = (session: Stripe.Checkout.Session): SessionStatus => ({
    paid: session.payment_status === 'paid',
    amountCents: session.amount_total ?? null,
    paymentId: paymentIdOf(session),
  });

  return {
    kind: 'stripe',
    methodName: 'Stripe',

    async createCheckoutSession(request: CheckoutRequest) {
      const now = Date.now();
      const expiresMs = Math.min(Math.max(request.expiresAt.getTime(), now + MIN_SESSION_MS), now + MAX_SESSION_MS);
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = request.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: request.currency,
          unit_amount: line.unitAmountCents,
          product_data: { name: line.name, ...(imagesUsable && line.imageUrl ? { images: [line.imageUrl] } : {}) },
        },
      }));
      if (request.taxCents > 0) {
        lineItems.push({
          quantity: 1,
          price_data: { currency: request.currency, unit_amount: request.taxCents, product_data: { name: 'Tax' } },
        });
      }
      try {
        // Issue 28: a discount code's amount as a one-off coupon of this session, so Stripe charges the order total.
        const coupon = request.discount
          ? await stripe.coupons.create({
              amount_off: request.discount.cents,
              currency: request.currency,
              duration: 'once',
              max_redemptions: 1,
              name: request.discount.name.slice(0, 40),
            })
          : null;
        const session = await stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: lineItems,
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          customer_email: request.customerEmail,
          client_reference_id: request.reference,
          metadata: { order_number: request.reference },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(expiresMs / 1000),
        });
        if (!session.url) throw new PaymentError('Stripe did not return a payment page.', 'StripeAPIError');
        return { id: session.id, url: session.url };
      } catch (error) {
        throw error instanceof PaymentError ? error : toPaymentError(error);
      }
    },

    async getSessionStatus(sessionId) {
      try {
        return status(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return { paid: false, amountCents: null, paymentId: null };
        }
        throw toPaymentError(error);
      }
    },

    async cancelSession(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
        throw toPaymentError(error);
      });
      if (session.payment_status === 'paid') return 'paid';
      if (session.status !== 'open') return 'cancelled';
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'cancelled';
      } catch {
        // It may have been paid a moment ago: ask again rather than guess.
        const again = await stripe.checkout.sessions.retrieve(sessionId);
        return again.payment_status === 'paid' ? 'paid' : 'cancelled';
      }
    },

    async charge(request) {
      try {
        const charge = await stripe.charges.create({
          amount: request.amountCents,
          currency: request.currency,
          source: request.token,
          description: request.description,
          receipt_email: request.receiptEmail,
          metadata: { order_number: request.reference },
        });
        if (charge.status !== 'succeeded' || !charge.paid) throw new PaymentError('Your card was declined.', 'StripeCardError');
        return { paymentId: charge.id };
      } catch (error) {
        throw error instanceof PaymentError ? error : toPaymentError(error);
      }
    },

    async refund({ paymentId, amountCents, reference, idempotencyKey = `refund-${reference}` }) {
      // Checkout records the PaymentIntent, the charge flow the Charge.
      const target =
        paymentId.startsWith('ch_') || paymentId.startsWith('py_') ? { charge: paymentId } : { payment_intent: paymentId };
      try {
        const refund = await stripe.refunds.create(
          { ...target, amount: amountCents, metadata: { order_number: reference } },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          throw new PaymentError(`Stripe did not refund the payment (${refund.status}).`, 'StripeRefundError');
        }
        return { refundId: refund.id };
      } catch (error) {
        throw error instanceof PaymentError ? error : toPaymentError(error);
      }
    },

    parseWebhook(rawBody, signature): WebhookEvent {
      if (!settings.webhookSecret)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set: webhooks cannot be verified.');
      if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        if (session.payment_status !== 'paid') return { kind: 'ignored', type: event.type };
        return {
          kind: 'session-paid',
          sessionId: session.id,
          amountCents: session.amount_total ?? null,
          paymentId: paymentIdOf(session),
        };
      }
      return { kind: 'ignored', type: event.type };
    },
  };
}
