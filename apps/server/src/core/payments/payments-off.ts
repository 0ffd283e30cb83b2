import type { PaymentProvider } from './payment-provider.js';

/** Why checkout is refused while payments are off; shown to the buyer as it is. */
export const PAYMENTS_OFF_MESSAGE = 'Checkout is closed: this shop takes no payments at the moment. Please try again later.';

export class PaymentsOffError extends Error {
  override name = 'PaymentsOffError';
  constructor() {
    super(PAYMENTS_OFF_MESSAGE);
  }
}

/**
 * No Stripe and TEST_CHECKOUT=false: nothing can be paid. Checkout refuses before any order is
 * placed (503); the calls below only run for orders left over from a time payments were on.
 */
export function createPaymentsOff(): PaymentProvider {
  const refuse = () => Promise.reject(new PaymentsOffError());
  return {
    kind: 'off',
    methodName: 'None',
    createCheckoutSession: refuse,
    getSessionStatus: () => Promise.resolve({ paid: false, amountCents: null, paymentId: null }),
    cancelSession: () => Promise.resolve('cancelled'),
    charge: refuse,
    refund: refuse,
    parseWebhook: (_body, _signature) => ({ kind: 'ignored', type: 'payments off' }),
  };
}
