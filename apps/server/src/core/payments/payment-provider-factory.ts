import type { Config } from '../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeProvider } from './stripe.js';
import { createTestCheckoutProvider } from './test-checkout.js';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  const { stripe } = config.shop;
  return stripe ? createStripeProvider(stripe, config.publicUrl) : createTestCheckoutProvider(db, config.publicUrl);
}
