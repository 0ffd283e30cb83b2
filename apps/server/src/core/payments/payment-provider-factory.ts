import type { Config } from '../config.js';
import type { Database } from '../../db/client.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPaymentsOff } from './payments-off.js';
import { createTestCheckoutProvider } from './test-checkout.js';

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout unless TEST_CHECKOUT=false. */
export async function createPaymentProvider(config: Config, db: Database): Promise<PaymentProvider> {
  const { stripe, testCheckout } = config.shop;
  if (!stripe) return testCheckout ? createTestCheckoutProvider(db, config.publicUrl) : createPaymentsOff();
  // The SDK is large; the embedded setup never loads it.
  const { createStripeProvider } = await import('./stripe.js');
  return createStripeProvider(stripe, config.publicUrl);
}
