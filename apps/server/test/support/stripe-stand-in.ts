import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './test-app.js';

/** A Checkout Session as the stand-in keeps it (the fields the portal reads). */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  /** The form fields the SDK sent, for assertions. */
  request: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  sessions: Map<string, StandInSession>;
  charges: Record<string, string>[];
  /** Refunds made, with the idempotency key they were asked for with. */
  refunds: (Record<string, string> & { id: string; idempotency_key: string })[];
  calls: string[];
  /** What Stripe does when the buyer pays on its page. */
  pay(sessionId: string): StandInSession;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function amountOf(form: Record<string, string>, coupons: Map<string, number>): number {
  // Issue 28: a session's coupon takes its amount off, as Stripe does.
  let total = -(coupons.get(form['discounts[0][coupon]'] ?? '') ?? 0);
  for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i += 1) {
    total += Number(form[`line_items[${i}][price_data][unit_amount]`]) * Number(form[`line_items[${i}][quantity]`]);
  }
  return total;
}

/**
 * The few Stripe API endpoints the portal uses, served locally so the official SDK can be tested
 * without a network: create, retrieve and expire Checkout Sessions, create charges and refunds.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const sessions = new Map<string, StandInSession>();
  const charges: Record<string, string>[] = [];
  const refunds: StripeStandIn['refunds'] = [];
  const calls: string[] = [];
  const coupons = new Map<string, number>();

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(payload));
      };
      const form = Object.fromEntries(new URLSearchParams(body));
      const path = (request.url ?? '').split('?')[0]!;
      calls.push(`${request.method} ${path}`);
      if (request.headers.authorization !== 'Bearer sk_test_standin') {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        const session: StandInSession = {
          id: id('cs_test'),
          object: 'checkout.session',
          url: '',
          status: 'open',
          payment_status: 'unpaid',
          amount_total: amountOf(form, coupons),
          currency: form['line_items[0][price_data][currency]'] ?? 'usd',
          payment_intent: null,
          customer_email: form.customer_email ?? null,
          success_url: form.success_url!,
          cancel_url: form.cancel_url!,
          expires_at: Number(form.expires_at),
          client_reference_id: form.client_reference_id ?? null,
          metadata: { order_number: form['metadata[order_number]'] ?? '' },
          request: form,
        };
        session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
        sessions.set(session.id, session);
        return send(200, session);
      }
      if (sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
        if (!session)
          return send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' },
          });
        if (request.method === 'GET') return send(200, session);
        if (request.method === 'POST' && sessionMatch[2]) {
          if (session.status !== 'open') {
            return send(400, {
              error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status of open can be expired.` },
            });
          }
          session.status = 'expired';
          return send(200, session);
        }
      }
      if (request.method === 'POST' && path === '/v1/coupons') {
        const coupon = { id: id('coupon'), object: 'coupon', amount_off: Number(form.amount_off), currency: form.currency };
        coupons.set(coupon.id, coupon.amount_off);
        return send(200, coupon);
      }
      if (request.method === 'POST' && path === '/v1/charges') {
        charges.push(form);
        if (form.source === 'tok_chargeDeclined') {
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          });
        }
        return send(200, {
          id: id('ch'),
          object: 'charge',
          amount: Number(form.amount),
          currency: form.currency,
          paid: true,
          status: 'succeeded',
        });
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        // As Stripe: the same idempotency key answers the refund it made the first time.
        const key = String(request.headers['idempotency-key'] ?? '');
        const known = refunds.find((refund) => key && refund.idempotency_key === key);
        if (known) return send(200, { id: known.id, object: 'refund', status: 'succeeded', amount: Number(known.amount) });
        const paid = [...sessions.values()].some((session) => session.payment_intent === form.payment_intent) || form.charge;
        if (!paid) {
          return send(400, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
          });
        }
        const refund = { ...form, id: id('re'), idempotency_key: key };
        refunds.push(refund);
        return send(200, { id: refund.id, object: 'refund', status: 'succeeded', amount: Number(form.amount) });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    charges,
    refunds,
    calls,
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
      return session;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A stand-in and a test app whose Stripe settings point at it (more settings in `settings`); `close`
 * closes both. For a file or a describe block: `beforeAll(async () => ({ stripe, app, close } = await stripeTestApp()))`.
 */
export async function stripeTestApp(
  settings: Record<string, string> = {},
  /** Receives the portal's log lines (JSON), from level info up. */
  logLines?: string[],
): Promise<{ stripe: StripeStandIn; app: TestApp; close(): Promise<void> }> {
  const stripe = await startStripeStandIn();
  const app = await createTestApp(
    {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: stripe.url,
      ...settings,
    },
    () => {},
    logLines ? { logLines } : {},
  );
  return {
    stripe,
    app,
    async close() {
      await app.close();
      await stripe.close();
    },
  };
}
