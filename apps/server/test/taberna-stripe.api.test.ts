import Stripe from 'stripe';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaDiscounts, tabernaOrders, tabernaPayments } from '../src/db/schema/index.js';
import { EXPIRE_ORDERS_JOB } from '../src/taberna/taberna.plugin.js';
import type { TestApp } from './support/test-app.js';
import { stripeTestApp, type StandInSession, type StripeStandIn } from './support/stripe-stand-in.js';
import { addToCart, BILLING, cartOf, createProduct, newCustomer, stockOf } from './support/taberna.js';

const WEBHOOK_SECRET = 'whsec_standin_secret';
const sdk = new Stripe('sk_test_unused');
let stripe: StripeStandIn;
let t: TestApp;
let close: () => Promise<void>;
const logLines: string[] = [];
beforeAll(async () => {
  // Issue 25: Stripe is asked for the shop's currency.
  ({ stripe, app: t, close } = await stripeTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STORE_CURRENCY: 'EUR' }, logLines));
});

/**
 * The error lines logged about an order: how whoever runs the shop learns that a payment needs a
 * refund or a customer never got their receipt.
 */
const errorsAbout = (orderNumber: string) =>
  logLines
    .map((line) => JSON.parse(line) as { level: number; order?: string; msg: string; [key: string]: unknown })
    .filter((line) => line.level >= 50 && line.order === orderNumber);
afterAll(() => close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const success = (sessionId: string) => post('/taberna-orders/api/v1/order_payment_success/', { stripe_session_id: sessionId });
const receipts = () => t.mail.sent.filter((message) => message.subject.startsWith('Your Taberna order')).length;

const orderOf = async (sessionId: string) =>
  (await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.sessionId, sessionId)))[0]!;

async function paymentsOf(sessionId: string) {
  const order = await orderOf(sessionId);
  return t.database.db.select().from(tabernaPayments).where(eq(tabernaPayments.orderId, order.id));
}

/** Places the cart of the caller of `headers` by Stripe Checkout: the stand-in's session. */
async function placedSession(headers: Record<string, string>) {
  const placed = await post('/taberna-orders/api/v1/place_order_stripe_session/', BILLING, headers);
  expect(placed.statusCode, placed.body).toBe(200);
  const url = (placed.json() as { checkout_url: string }).checkout_url;
  return [...stripe.sessions.values()].find((s) => s.url === url)!;
}

function webhook(
  session: StandInSession,
  options: { secret?: string; type?: string; signature?: string | null; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: `evt_${session.id}`,
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    data: { object: session },
  });
  const header = sdk.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (options.signature !== null) headers['stripe-signature'] = options.signature ?? header;
  return t.app.inject({ method: 'POST', url: '/taberna-orders/stripe_webhook/', payload, headers });
}

/**
 * A customer with `quantity` of a fresh product in the cart (and the discount `code` applied, if
 * given), checked out: the Stripe session.
 */
async function checkedOut(quantity = 2, price = '12.50', stock = 5, code?: string) {
  const product = await createProduct(t.database.db, { name: 'Kettle', price, stock, colors: ['Black'] });
  const customer = await newCustomer(t.app, t.mail);
  for (let i = 0; i < quantity; i += 1) await addToCart(t.app, product.id, { color: 'black' }, customer.headers);
  if (code) expect((await post('/taberna-cart/api/discount/', { code }, customer.headers)).statusCode).toBe(200);
  const session = await placedSession({ ...customer.headers, origin: 'http://evil.example' });
  return { product, customer, session };
}

describe('Stripe, through the official SDK against a local stand-in', () => {
  it('creates a Checkout Session from the order lines as price data, with tax, returning to the portal', async () => {
    const { product, session } = await checkedOut(2, '12.50');
    expect(session.request).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Kettle (Black)',
      'line_items[0][quantity]': '2',
      'line_items[1][price_data][product_data][name]': 'Tax',
      'line_items[1][price_data][unit_amount]': '50',
      customer_email: BILLING.email,
      // A foreign Origin is not trusted as the return address.
      success_url: 'http://portal.test/taberna/cart/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/taberna/cart/failed?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.amount_total).toBe(2550);
    expect(session.expires_at * 1000).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
  });

  it('a discount code comes off as a one-off coupon: Stripe asks for the order total and the webhook completes it (issue 28)', async () => {
    await t.database.db.insert(tabernaDiscounts).values({ code: 'STRIPE20', kind: 'percent', value: 2000 });
    const product = await createProduct(t.database.db, { name: 'Kettle', price: '12.50', stock: 5 });
    const customer = await newCustomer(t.app, t.mail);
    await addToCart(t.app, product.id, {}, customer.headers);
    await addToCart(t.app, product.id, {}, customer.headers);
    const applied = await post('/taberna-cart/api/discount/', { code: 'stripe20' }, customer.headers);
    expect(applied.json()).toMatchObject({ total: 25, discount: { code: 'STRIPE20', amount: 5 }, tax: 0.4, grand_total: 20.4 });
    const session = await placedSession(customer.headers);
    expect(session.request['discounts[0][coupon]']).toMatch(/^coupon_/);
    expect(session.amount_total).toBe(2040);
    expect((await webhook(stripe.pay(session.id))).statusCode).toBe(200);
    expect(await orderOf(session.id)).toMatchObject({
      paymentState: 'paid',
      orderTotal: '20.40',
      discountCode: 'STRIPE20',
      discountTotal: '5.00',
    });
  });

  it('a forged return for an unpaid session completes nothing', async () => {
    const { customer, session } = await checkedOut();
    const forged = await success(session.id);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'This order has not been paid.' });
    expect(await paymentsOf(session.id)).toEqual([]);
    expect((await cartOf(t.app, { headers: customer.headers })).quantity).toBe(2);
    expect((await success('cs_test_never_made')).statusCode).toBe(404);
  });

  it('refuses a webhook with a bad or missing signature', async () => {
    const { session } = await checkedOut();
    stripe.pay(session.id);
    for (const options of [{ secret: 'whsec_wrong' }, { signature: null }, { signature: 't=1,v1=deadbeef' }]) {
      const response = await webhook(session, options);
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe('');
    }
    expect(await paymentsOf(session.id)).toEqual([]);
  });

  it('refuses a correctly signed webhook signed more than five minutes ago (a replay), and takes one signed just inside', async () => {
    const { session } = await checkedOut();
    stripe.pay(session.id);
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301, now - 3_600]) {
      const replayed = await webhook(session, { timestamp });
      expect(replayed.statusCode, `signed at ${timestamp - now} s`).toBe(400);
      expect(replayed.body).toBe('');
    }
    expect(await paymentsOf(session.id)).toEqual([]);
    // Delivery takes a while: a signature made four and a half minutes ago still counts.
    expect((await webhook(session, { timestamp: now - 270 })).statusCode).toBe(200);
    expect(await paymentsOf(session.id)).toHaveLength(1);
  });

  it('the same event delivered three times completes the order once', async () => {
    const before = receipts();
    const { product, customer, session } = await checkedOut(2, '12.50', 5);
    stripe.pay(session.id);
    for (let i = 0; i < 3; i += 1) expect((await webhook(session)).statusCode).toBe(200);
    expect(await paymentsOf(session.id)).toEqual([
      expect.objectContaining({ paymentMethod: 'Stripe', amountPaid: '25.50', paymentId: session.payment_intent }),
    ]);
    expect(receipts()).toBe(before + 1);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    expect((await cartOf(t.app, { headers: customer.headers })).quantity).toBe(0);
  });

  it('a receipt the mail server refuses is logged for the shop, and the order completes all the same', async () => {
    const { session } = await checkedOut();
    stripe.pay(session.id);
    const accept = t.mail.refuse();
    try {
      expect((await webhook(session)).statusCode).toBe(200);
    } finally {
      accept();
    }
    const order = await orderOf(session.id);
    expect(order.paymentState).toBe('paid');
    expect(errorsAbout(order.orderNumber)).toEqual([
      expect.objectContaining({
        msg: 'order confirmation email failed',
        err: expect.objectContaining({ message: '550 mailbox unavailable' }),
      }),
    ]);
  });

  it('webhook first, then the return page: completed once, and the page still says so', async () => {
    const before = receipts();
    const { session } = await checkedOut();
    stripe.pay(session.id);
    expect((await webhook(session)).statusCode).toBe(200);
    const back = await success(session.id);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ message: 'Order successfully completed' });
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(receipts()).toBe(before + 1);
  });

  it('return page first, then the webhook: completed once', async () => {
    const before = receipts();
    const { session } = await checkedOut();
    stripe.pay(session.id);
    expect((await success(session.id)).statusCode).toBe(200);
    expect((await webhook(session)).statusCode).toBe(200);
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(receipts()).toBe(before + 1);
  });

  it('the return page and the webhook at the same moment: completed once', async () => {
    const before = receipts();
    const { session } = await checkedOut();
    stripe.pay(session.id);
    const results = await Promise.all([webhook(session), success(session.id), webhook(session), success(session.id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(receipts()).toBe(before + 1);
  });

  it('ignores other events and unpaid sessions; an unknown session is 404; a wrong amount completes nothing', async () => {
    const { session } = await checkedOut();
    expect((await webhook(session, { type: 'payment_intent.created' })).statusCode).toBe(200);
    expect((await webhook(session)).statusCode).toBe(200); // still unpaid: ignored
    expect(await paymentsOf(session.id)).toEqual([]);
    const ghost = { ...stripe.pay(session.id), id: 'cs_test_ghost' };
    expect((await webhook(ghost)).statusCode).toBe(404);
    expect((await webhook({ ...session, amount_total: 1 })).statusCode).toBe(200);
    expect(await paymentsOf(session.id)).toEqual([]);
  });

  it('the return page refuses a payment whose amount differs from the order total, and completes nothing', async () => {
    const before = receipts();
    const { product, session } = await checkedOut(2, '12.50', 5);
    stripe.pay(session.id).amount_total = 100;
    const back = await success(session.id);
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ error: 'The amount paid does not match the order total.' });
    const order = await orderOf(session.id);
    expect(errorsAbout(order.orderNumber)).toEqual([
      expect.objectContaining({ msg: 'paid amount differs from the order total', paid: 100, total: '25.50' }),
    ]);
    expect(order.paymentState).toBe('pending');
    expect(await paymentsOf(session.id)).toEqual([]);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    expect(receipts()).toBe(before);
  });

  it('a completion the database refuses is an error, not a refusal: the webhook answers 500 (Stripe sends it again) and its retry completes the order', async () => {
    const { product, session } = await checkedOut(2, '12.50', 5);
    stripe.pay(session.id);
    const { id } = await orderOf(session.id);
    // The payment's row cannot be written, for this order only (a full disk, a lost connection).
    await t.database.db.execute(
      sql.raw(`create function refuse_payment_${id}() returns trigger language plpgsql as $$
        begin if new.order_id = ${id} then raise exception 'disk full'; end if; return new; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_payment_${id} before insert on taberna_payments
        for each row execute function refuse_payment_${id}()`),
    );
    try {
      expect((await webhook(session)).statusCode).toBe(500);
      // The return page too: an error, not "used up" or "sold out", which tell the buyer to ask for a refund.
      const back = await success(session.id);
      expect(back.statusCode).toBe(500);
      expect(back.body).not.toContain('refund');
      expect((await orderOf(session.id)).paymentState).toBe('pending');
      expect(await paymentsOf(session.id)).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger refuse_payment_${id} on taberna_payments`));
      await t.database.db.execute(sql.raw(`drop function refuse_payment_${id}()`));
    }
    expect((await webhook(session)).statusCode).toBe(200);
    expect((await orderOf(session.id)).paymentState).toBe('paid');
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
  });

  it('the failed page expires the Stripe session and releases the stock', async () => {
    const { product, customer, session } = await checkedOut(2, '3.00', 4);
    expect(await stockOf(t.database.db, product.id)).toBe(2);
    const response = await post(
      '/taberna-orders/api/v1/order_payment_failed/',
      { stripe_session_id: session.id },
      customer.headers,
    );
    expect(response.json()).toEqual({ message: 'Order deleted due to failed payment' });
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    expect((await cartOf(t.app, { headers: customer.headers })).quantity).toBe(2);
  });

  it('if Stripe says the session was paid after all, the failed page completes it instead of cancelling', async () => {
    const { product, customer, session } = await checkedOut(1, '3.00', 4);
    stripe.pay(session.id);
    const response = await post(
      '/taberna-orders/api/v1/order_payment_failed/',
      { stripe_session_id: session.id },
      customer.headers,
    );
    expect(response.statusCode).toBe(409);
    expect(await paymentsOf(session.id)).toHaveLength(1);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
  });

  it('expired unpaid orders expire their Stripe session too', async () => {
    const { product, session } = await checkedOut(1, '3.00', 4);
    await t.database.db
      .update(tabernaOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tabernaOrders.sessionId, session.id));
    await t.app.scheduler.runNow(EXPIRE_ORDERS_JOB);
    expect(stripe.sessions.get(session.id)!.status).toBe('expired');
    expect(await stockOf(t.database.db, product.id)).toBe(4);
  });

  describe('a payment that arrives after the order expired', () => {
    const expire = async (sessionId: string) => {
      await t.database.db
        .update(tabernaOrders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(tabernaOrders.sessionId, sessionId));
      expect(await t.app.scheduler.runNow(EXPIRE_ORDERS_JOB)).toBe(true);
      expect((await orderOf(sessionId)).paymentState).toBe('expired');
    };
    /** Another customer buys `quantity` of the product, paid. */
    const someoneElseBuys = async (productId: number, quantity: number, code?: string) => {
      const other = await newCustomer(t.app, t.mail);
      for (let i = 0; i < quantity; i += 1) await addToCart(t.app, productId, { color: 'black' }, other.headers);
      if (code) expect((await post('/taberna-cart/api/discount/', { code }, other.headers)).statusCode).toBe(200);
      expect((await webhook(stripe.pay((await placedSession(other.headers)).id))).statusCode).toBe(200);
    };

    it('completes it when the stock is still there, taking the stock again, with its invoice number and receipt', async () => {
      const { product, session } = await checkedOut(2, '12.50', 5);
      await expire(session.id);
      expect(await stockOf(t.database.db, product.id)).toBe(5);
      const before = receipts();
      const back = await success(stripe.pay(session.id).id);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ message: 'Order successfully completed' });
      const order = await orderOf(session.id);
      expect(order.paymentState).toBe('paid');
      expect(order.invoiceNumber).toEqual(expect.any(String));
      expect(await stockOf(t.database.db, product.id)).toBe(3);
      expect(await paymentsOf(session.id)).toMatchObject([{ amountPaid: '25.50', status: 'Completed' }]);
      expect(receipts()).toBe(before + 1);
      const receipt = t.mail.sent.filter((message) => message.subject.startsWith('Your Taberna order')).at(-1)!;
      expect(receipt.text).toContain(order.orderNumber);
      expect(receipt.text).toContain(`http://portal.test/taberna/dashboard?invoice=${order.orderNumber}`);
      expect(receipt.text).toContain('€25.50');
      // Once: the webhook after it changes nothing.
      expect((await webhook(stripe.sessions.get(session.id)!)).statusCode).toBe(200);
      expect(await stockOf(t.database.db, product.id)).toBe(3);
      expect(await paymentsOf(session.id)).toHaveLength(1);
    });

    it('after the buyer cancelled it on the failed page, completes it too, taking the stock again', async () => {
      const { product, customer, session } = await checkedOut(2, '12.50', 5);
      const cancelled = await post(
        '/taberna-orders/api/v1/order_payment_failed/',
        { stripe_session_id: session.id },
        customer.headers,
      );
      expect(cancelled.json()).toEqual({ message: 'Order deleted due to failed payment' });
      expect((await orderOf(session.id)).paymentState).toBe('cancelled');
      expect(await stockOf(t.database.db, product.id)).toBe(5);
      const back = await success(stripe.pay(session.id).id);
      expect(back.statusCode, back.body).toBe(200);
      expect((await orderOf(session.id)).paymentState).toBe('paid');
      expect(await stockOf(t.database.db, product.id)).toBe(3);
      expect(await paymentsOf(session.id)).toHaveLength(1);
    });

    it('refuses it, for a refund, when the stock was sold meanwhile: nothing taken, nothing recorded', async () => {
      const { product, session } = await checkedOut(2, '12.50', 2);
      await expire(session.id);
      await someoneElseBuys(product.id, 2);
      expect(await stockOf(t.database.db, product.id)).toBe(0);
      const before = receipts();
      const back = await success(stripe.pay(session.id).id);
      expect(back.statusCode).toBe(409);
      expect(back.json()).toEqual({
        error: 'Your payment arrived after the order had expired and the products are sold out. Contact us for a refund.',
      });
      const order = await orderOf(session.id);
      expect(order.paymentState).toBe('expired');
      expect(errorsAbout(order.orderNumber)).toEqual([
        expect.objectContaining({ msg: 'paid after expiry and sold out: refund the payment' }),
      ]);
      expect(await paymentsOf(session.id)).toEqual([]);
      expect(await stockOf(t.database.db, product.id)).toBe(0);
      expect(receipts()).toBe(before);
      // The webhook of the same payment is taken (Stripe must not retry it) and changes nothing either.
      expect((await webhook(stripe.sessions.get(session.id)!)).statusCode).toBe(200);
      expect((await orderOf(session.id)).paymentState).toBe('expired');
    });

    it('refuses it, for a refund, when its discount code was used up meanwhile', async () => {
      await t.database.db.insert(tabernaDiscounts).values({ code: 'LATE10', kind: 'percent', value: 1000, usageLimit: 1 });
      const { product, session } = await checkedOut(1, '10.00', 5, 'late10');
      await expire(session.id);
      // The expiry gave the code's one use back; another customer takes it.
      await someoneElseBuys(product.id, 1, 'LATE10');
      const back = await success(stripe.pay(session.id).id);
      expect(back.statusCode).toBe(409);
      expect(back.json()).toEqual({
        error:
          'Your payment arrived after the order had expired and its discount code was used up meanwhile. Contact us for a refund.',
      });
      const order = await orderOf(session.id);
      expect(order.paymentState).toBe('expired');
      expect(errorsAbout(order.orderNumber)).toEqual([
        expect.objectContaining({ msg: 'paid after expiry, its discount code used up: refund the payment' }),
      ]);
      expect(await paymentsOf(session.id)).toEqual([]);
      expect(await stockOf(t.database.db, product.id)).toBe(4);
    });

    it('when its code ended meanwhile (the offer is over), completes it with the discount it was placed with', async () => {
      const [code] = await t.database.db
        .insert(tabernaDiscounts)
        .values({ code: 'LATEEND', kind: 'percent', value: 1000, usageLimit: 5, endsAt: new Date(Date.now() + 86_400_000) })
        .returning();
      const { session } = await checkedOut(1, '10.00', 5, 'lateend');
      await expire(session.id);
      await t.database.db
        .update(tabernaDiscounts)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(eq(tabernaDiscounts.id, code!.id));
      const back = await success(stripe.pay(session.id).id);
      expect(back.statusCode, back.body).toBe(200);
      expect(await orderOf(session.id)).toMatchObject({ paymentState: 'paid', discountCode: 'LATEEND', discountTotal: '1.00' });
    });

    it('with its code still free, completes it and keeps the discount it was placed with', async () => {
      await t.database.db.insert(tabernaDiscounts).values({ code: 'LATE20', kind: 'percent', value: 2000, usageLimit: 1 });
      const { product, session } = await checkedOut(1, '10.00', 5, 'late20');
      await expire(session.id);
      expect((await success(stripe.pay(session.id).id)).statusCode).toBe(200);
      const order = await orderOf(session.id);
      expect(order).toMatchObject({ paymentState: 'paid', discountCode: 'LATE20', discountTotal: '2.00', orderTotal: '8.16' });
      // Its one use is now taken: nobody else can apply the code.
      const other = await newCustomer(t.app, t.mail);
      await addToCart(t.app, product.id, { color: 'black' }, other.headers);
      expect((await post('/taberna-cart/api/discount/', { code: 'LATE20' }, other.headers)).statusCode).toBe(400);
    });
  });

  it('charges a card token; a declined card answers the contract shape and keeps the stock', async () => {
    const product = await createProduct(t.database.db, { price: '9.99', stock: 3 });
    const customer = await newCustomer(t.app, t.mail);
    await addToCart(t.app, product.id, {}, customer.headers);
    const url = '/taberna-orders/api/v1/place_order_stripe_charge/';
    const declined = await post(url, { ...BILLING, stripe_token: 'tok_chargeDeclined' }, customer.headers);
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ errors: { message: 'Your card was declined.', type: 'StripeCardError' } });
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const charged = await post(url, { ...BILLING, stripe_token: 'tok_visa' }, customer.headers);
    expect(charged.statusCode).toBe(201);
    expect(stripe.charges.at(-1)).toMatchObject({
      amount: '1019',
      currency: 'eur',
      source: 'tok_visa',
      receipt_email: BILLING.email,
    });
    expect(await stockOf(t.database.db, product.id)).toBe(2);
  });

  it('serves no test checkout when Stripe is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/taberna-orders/test-checkout/api/tcs_x/' })).statusCode).toBe(404);
  });
});
