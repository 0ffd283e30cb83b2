/** A card payment service: the built-in test checkout, or Stripe. Chosen once at start from the configuration. */
export interface CheckoutLine {
  name: string;
  unitAmountCents: number;
  quantity: number;
  imageUrl: string | null;
}

export interface CheckoutRequest {
  /** The order number, shown on the payment page and kept with the payment. */
  reference: string;
  lines: CheckoutLine[];
  taxCents: number;
  /** Issue 28: a discount code's amount off the lines (the lines plus tax less it is `totalCents`). */
  discount?: { name: string; cents: number };
  totalCents: number;
  currency: string;
  customerEmail: string;
  /** Where the buyer returns; `{CHECKOUT_SESSION_ID}` is replaced with the session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface SessionStatus {
  paid: boolean;
  amountCents: number | null;
  paymentId: string | null;
}

export interface ChargeRequest {
  token: string;
  amountCents: number;
  currency: string;
  description: string;
  receiptEmail: string;
  reference: string;
}

export interface RefundRequest {
  /** The payment's id as recorded on the order (a PaymentIntent, a Charge, or the test checkout's). */
  paymentId: string;
  amountCents: number;
  reference: string;
  /**
   * Issue 28: what makes a retried refund the same refund at the provider (an order can have
   * several); default `refund-{reference}`, as the order's first (and before issue 28, only) refund.
   */
  idempotencyKey?: string;
}

/** A verified webhook event that completes a checkout session (others are `ignored`). */
export type WebhookEvent =
  | { kind: 'session-paid'; sessionId: string; amountCents: number | null; paymentId: string | null }
  | { kind: 'ignored'; type: string };

export interface PaymentProvider {
  /** `off`: no Stripe and TEST_CHECKOUT=false, so checkout answers 503. */
  readonly kind: 'stripe' | 'test' | 'off';
  /** How the payment shows on the order (`payment_method`). */
  readonly methodName: string;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Asks the provider itself whether the session is paid: never trust the browser for this. */
  getSessionStatus(sessionId: string): Promise<SessionStatus>;
  /** Ends an unpaid session so that it can no longer be paid; tells if it was paid after all. */
  cancelSession(sessionId: string): Promise<'cancelled' | 'paid'>;
  /** Charges a card token at once (the charge flow); throws PaymentError when refused. */
  charge(request: ChargeRequest): Promise<{ paymentId: string }>;
  /**
   * Gives a payment back in full (issue 15). `reference` (the order number) makes a retry the same
   * refund, never a second one. Throws PaymentError when the provider refuses.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Verifies a webhook delivery's signature; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

/** The provider refused a payment or a request (card declined, bad token...). */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly type: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export const fillSessionId = (url: string, sessionId: string) =>
  url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
