import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client.js';
import {
  fillSessionId,
  PaymentError,
  WebhookSignatureError,
  type CheckoutRequest,
  type PaymentProvider,
} from './payment-provider.js';
import { createTestCheckoutRepository, type TestSessionRow } from './test-checkout.repository.js';

/** The test cards of the built-in checkout (the same numbers as Stripe's test mode). */
export const TEST_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
const TEST_TOKENS = { success: 'tok_visa', declined: 'tok_chargeDeclined' } as const;

export const DECLINED_MESSAGE = 'Your card was declined.';
export const UNKNOWN_CARD_MESSAGE =
  'This is the test checkout: use the test card 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a declined payment.';

const newId = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;
const digits = (text: string) => text.replace(/[\s-]/g, '');
const amountText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export type TestSessionView = Pick<TestSessionRow, 'id' | 'amount' | 'currency' | 'description' | 'lines' | 'cancelUrl'> & {
  status: 'open' | 'paid' | 'declined' | 'expired';
};

export interface TestCheckoutProvider extends PaymentProvider {
  readonly kind: 'test';
  /** What the hosted card page shows. */
  view(sessionId: string): Promise<TestSessionView | undefined>;
  /** The card page's "Pay": settles the session and says where the buyer goes next. */
  pay(sessionId: string, cardNumber: string): Promise<{ outcome: 'paid' | 'declined'; redirectUrl: string } | undefined>;
}

/**
 * The default payment provider: a card page served by the portal itself, clearly marked as test mode,
 * that takes only the test cards. No money moves; everything else behaves like a real provider.
 */
export function createTestCheckoutProvider(db: Database, publicUrl: string): TestCheckoutProvider {
  const repo = createTestCheckoutRepository(db);
  const isExpired = (row: TestSessionRow) => row.status === 'open' && row.expiresAt.getTime() <= Date.now();

  return {
    kind: 'test',
    methodName: 'Test card',

    async createCheckoutSession(request: CheckoutRequest) {
      const id = newId('tcs');
      await repo.insert({
        id,
        amount: amountText(request.totalCents),
        currency: request.currency,
        description: `Order ${request.reference}`,
        lines: [
          ...request.lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            unit_amount: amountText(line.unitAmountCents),
          })),
          ...(request.discount
            ? [{ name: request.discount.name, quantity: 1, unit_amount: `-${amountText(request.discount.cents)}` }]
            : []),
          ...(request.taxCents > 0 ? [{ name: 'Tax', quantity: 1, unit_amount: amountText(request.taxCents) }] : []),
        ],
        successUrl: fillSessionId(request.successUrl, id),
        cancelUrl: fillSessionId(request.cancelUrl, id),
        expiresAt: request.expiresAt,
      });
      return { id, url: `${publicUrl}/taberna/test-checkout/${id}` };
    },

    async getSessionStatus(sessionId) {
      const row = await repo.find(sessionId);
      const paid = row?.status === 'paid';
      return {
        paid,
        amountCents: paid ? Math.round(Number(row.amount) * 100) : null,
        paymentId: paid ? row.paymentId : null,
      };
    },

    async cancelSession(sessionId) {
      await repo.expire(sessionId);
      const row = await repo.find(sessionId);
      return row?.status === 'paid' ? 'paid' : 'cancelled';
    },

    async charge(request) {
      const card = digits(request.token);
      if (card === TEST_TOKENS.success || card === TEST_CARDS.success) return { paymentId: newId('test_ch') };
      if (card === TEST_TOKENS.declined || card === TEST_CARDS.declined) throw new PaymentError(DECLINED_MESSAGE, 'CardError');
      throw new PaymentError(UNKNOWN_CARD_MESSAGE, 'InvalidRequestError');
    },

    /**
     * No money moved, so none goes back: the refund is recorded and answered like a real one, and
     * refused as Stripe would refuse it when it has no whole positive amount of cents (issue 28).
     */
    async refund({ paymentId, amountCents }) {
      if (!paymentId) throw new PaymentError('This order has no payment to refund.', 'InvalidRequestError');
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new PaymentError('A refund is a whole, positive number of cents.', 'InvalidRequestError');
      }
      return { refundId: newId('test_re') };
    },

    parseWebhook() {
      // The test checkout completes orders itself when its page is paid; it never sends webhooks.
      throw new WebhookSignatureError('The test checkout sends no webhooks; set STRIPE_SECRET_KEY to use Stripe.');
    },

    async view(sessionId) {
      const row = await repo.find(sessionId);
      if (!row) return undefined;
      const status = isExpired(row) ? 'expired' : (row.status as TestSessionView['status']);
      return {
        id: row.id,
        amount: row.amount,
        currency: row.currency,
        description: row.description,
        lines: row.lines,
        cancelUrl: row.cancelUrl,
        status,
      };
    },

    async pay(sessionId, cardNumber) {
      const card = digits(cardNumber);
      if (card !== TEST_CARDS.success && card !== TEST_CARDS.declined)
        throw new PaymentError(UNKNOWN_CARD_MESSAGE, 'InvalidRequestError');
      const outcome = card === TEST_CARDS.success ? 'paid' : 'declined';
      const row = await repo.settle(sessionId, outcome, outcome === 'paid' ? newId('test_pi') : null);
      if (!row) return undefined;
      return { outcome, redirectUrl: outcome === 'paid' ? row.successUrl : row.cancelUrl };
    },
  };
}
