import type { Config } from '../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createTestCheckoutProvider } from './test-checkout.js';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
export async function createPaymentProvider(config: Config, db: Database): Promise<PaymentProvider> {
  const { stripe } = config.shop;
  if (!stripe) return createTestCheckoutProvider(db, config.publicUrl);
  // The SDK is large; the embedded setup never loads it.
  const { createStripeProvider } = await import('./stripe.js');
  return createStripeProvider(stripe, config.publicUrl);
}
