import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_OFF_MESSAGE } from '../src/core/payments/payments-off.js';
import { tabernaOrders, tabernaPayments } from '../src/db/schema/index.js';
import { EXPIRE_ORDERS_JOB, PAYMENTS_OFF_WARNING, TEST_PAYMENTS_WARNING } from '../src/taberna/taberna.plugin.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addToCart, BILLING, cartOf, createProduct, newCustomer, stockOf } from './support/taberna.js';

const SESSION = '/taberna-orders/api/v1/place_order_stripe_session/';
const CHARGE = '/taberna-orders/api/v1/place_order_stripe_charge/';

async function customerWithCart(t: TestApp, productId: number, quantity: number) {
  const customer = await newCustomer(t.app, t.mail);
  for (let i = 0; i < quantity; i += 1) expect((await addToCart(t.app, productId, {}, customer.headers)).statusCode).toBe(200);
  return customer;
}

const warningsIn = (lines: string[], text: string) =>
  lines.filter((line) => line.includes(text)).map((line) => JSON.parse(line) as { level: number });

describe('without Stripe, by default: the test checkout, said loudly (finding 10)', () => {
  const logLines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { logLines });
  }, 120_000);
  afterAll(() => t.close());

  it('logs a warning at start that payments are in test mode, once', () => {
    const warnings = warningsIn(logLines, TEST_PAYMENTS_WARNING);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    expect(TEST_PAYMENTS_WARNING).toContain('TEST_CHECKOUT=false');
  });

  it('completes an order whose card was charged when the process stopped before completing it (finding 12)', async () => {
    const product = await createProduct(t.database.db, { stock: 4 });
    const rosa = await customerWithCart(t, product.id, 2);
    // A placed, unpaid order as the charge flow leaves it when the process dies right after
    // writing down the charge: stock reserved, the charge id on the order, no payment row.
    const placed = await t.app.inject({ method: 'POST', url: SESSION, payload: BILLING, headers: rosa.headers });
    expect(placed.statusCode).toBe(200);
    const pending = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.paymentState, 'pending'));
    expect(pending).toHaveLength(1);
    const mine = pending[0]!;
    await t.database.db.update(tabernaOrders).set({ chargeId: 'ch_recorded_before_crash' }).where(eq(tabernaOrders.id, mine.id));
    expect(await stockOf(t.database.db, product.id)).toBe(2);

    expect(await t.app.scheduler.runNow(EXPIRE_ORDERS_JOB)).toBe(true);
    const [after] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.id, mine.id));
    expect(after!.paymentState).toBe('paid');
    const payments = await t.database.db.select().from(tabernaPayments).where(eq(tabernaPayments.orderId, mine.id));
    expect(payments.map((p) => p.paymentId)).toEqual(['ch_recorded_before_crash']);
    // Sold, not released: the stock stays taken, and the bought lines left the cart.
    expect(await stockOf(t.database.db, product.id)).toBe(2);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(0);
    const dashboard = await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: rosa.headers });
    expect((dashboard.json() as { order_number: string }[]).map((o) => o.order_number)).toContain(mine.orderNumber);
  });
});

describe('TEST_CHECKOUT=false without Stripe: checkout closed (finding 10)', () => {
  const logLines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', TEST_CHECKOUT: 'false' }, undefined, { logLines });
  }, 120_000);
  afterAll(() => t.close());

  it('says so at start, and not that payments are in test mode', () => {
    expect(warningsIn(logLines, PAYMENTS_OFF_WARNING)).toHaveLength(1);
    expect(warningsIn(logLines, TEST_PAYMENTS_WARNING)).toHaveLength(0);
  });

  it('answers both checkouts 503 with a clear message, placing nothing, reserving nothing, keeping the cart', async () => {
    const product = await createProduct(t.database.db, { stock: 5 });
    const rosa = await customerWithCart(t, product.id, 2);
    for (const [url, payload] of [
      [SESSION, BILLING],
      [CHARGE, { ...BILLING, stripe_token: 'tok_visa' }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: rosa.headers });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toEqual({ error: PAYMENTS_OFF_MESSAGE });
    }
    expect(await stockOf(t.database.db, product.id)).toBe(5);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(2);
    expect(await t.database.db.select().from(tabernaOrders)).toEqual([]);
    // The test card page does not exist either.
    const card = await t.app.inject({ method: 'GET', url: '/taberna-orders/test-checkout/api/any-session/' });
    expect(card.statusCode).toBe(404);
  });

  it('still refuses a bad body with 400 before saying checkout is closed', async () => {
    const rosa = await newCustomer(t.app, t.mail);
    const response = await t.app.inject({ method: 'POST', url: CHARGE, payload: BILLING, headers: rosa.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { stripe_token: ['This field is required.'] } });
  });
});
