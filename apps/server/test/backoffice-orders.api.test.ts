import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaPayments } from '../src/db/schema/index.js';
import { backoffice, member, newestOrderId, paidOrder, pay, placeOrder, type Member } from './support/backoffice.js';
import { stripeTestApp, type StripeStandIn } from './support/stripe-stand-in.js';
import { createProduct, stockOf } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
});
afterAll(() => t.close());

interface OrderAnswer {
  id: number;
  order_number: string;
  status: string;
  email: string;
  order_total: string;
  tracking: string | null;
  payment: { payment_id: string; status: string } | null;
  lines: { product_id: number; quantity: number; unit_price: string; line_total: string }[];
  history: { action: string; status: string; actor: string | null; note: string }[];
}

const customerOrders = async (customer: Member) =>
  (await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: customer.headers })).json() as {
    order_number: string;
    status: string;
    order_status: string;
    tracking: string | null;
    shipped_at: string | null;
  }[];
const mailsTo = (email: string, subject: string) => t.mail.sent.filter((m) => m.to === email && m.subject.includes(subject));

describe('back-office orders', () => {
  it('lists orders by status and finds them by number or email, with a total count', async () => {
    const product = await createProduct(t.database.db, { stock: 50, price: '12.50' });
    const customer = await member(t);
    const paidId = await paidOrder(t, staff, customer, product.id, 2);
    await placeOrder(t, customer, product.id);
    const placedId = await newestOrderId(t, staff, customer);

    const paid = (await bo('GET', '/orders/?status=paid')).json() as { count: number; results: { id: number; status: string }[] };
    expect(paid.results.map((o) => o.id)).toContain(paidId);
    expect(paid.results.every((o) => o.status === 'paid')).toBe(true);
    const byEmail = (
      await bo('GET', `/orders/?search=${encodeURIComponent(customer.person.email)}&ordering=created_at`)
    ).json() as {
      count: number;
      results: { id: number; status: string; email: string; order_total: string }[];
    };
    expect(byEmail.count).toBe(2);
    expect(byEmail.results.map((o) => [o.id, o.status])).toEqual([
      [paidId, 'paid'],
      [placedId, 'placed'],
    ]);
    const detail = (await bo('GET', `/orders/${paidId}/`)).json() as OrderAnswer;
    expect((await bo('GET', `/orders/?search=${detail.order_number}`)).json()).toMatchObject({
      count: 1,
      results: [{ id: paidId }],
    });
    expect(detail).toMatchObject({
      status: 'paid',
      email: customer.person.email,
      lines: [{ product_id: product.id, quantity: 2, unit_price: '12.50', line_total: '25.00' }],
      payment: { payment_id: expect.stringMatching(/^test_pi_/), status: 'Completed' },
    });
    expect(detail.history.map((h) => h.action)).toEqual(['placed', 'paid']);
    expect((await bo('GET', '/orders/?status=lost')).statusCode).toBe(400);
    expect((await bo('GET', '/orders/999999/')).statusCode).toBe(404);
  });

  it('ships a paid order with a tracking note: emailed, on the customer dashboard, once; then delivered', async () => {
    const product = await createProduct(t.database.db, { stock: 5 });
    const customer = await member(t);
    const id = await paidOrder(t, staff, customer, product.id);
    const shipped = await bo('POST', `/orders/${id}/ship/`, { tracking: 'CTT RR123456789PT' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const order = shipped.json() as OrderAnswer;
    expect(order).toMatchObject({ status: 'shipped', tracking: 'CTT RR123456789PT' });
    expect(order.history.at(-1)).toMatchObject({
      action: 'ship',
      status: 'shipped',
      actor: staff.person.email,
      note: 'CTT RR123456789PT',
    });

    const [mail] = mailsTo(customer.person.email, 'has shipped');
    expect(mail?.text).toContain('Tracking: CTT RR123456789PT');
    const [row] = (await customerOrders(customer)).filter((o) => o.order_number === order.order_number);
    // The reference's `status` is kept as it was; where the order is comes in the added fields.
    expect(row).toMatchObject({
      status: 'New',
      order_status: 'shipped',
      tracking: 'CTT RR123456789PT',
      shipped_at: expect.any(String),
    });

    const again = await bo('POST', `/orders/${id}/ship/`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An order that is shipped cannot be marked shipped.' });
    expect((await bo('POST', `/orders/${id}/deliver/`)).json()).toMatchObject({ status: 'delivered' });
    expect((await bo('POST', `/orders/${id}/deliver/`)).statusCode).toBe(409);
    expect((await bo('POST', `/orders/${id}/refund/`)).statusCode).toBe(409);
    expect((await bo('POST', '/orders/999999/ship/', {})).statusCode).toBe(404);
    expect((await bo('POST', `/orders/${id}/ship/`, { tracking: 5 })).statusCode).toBe(400);
  });

  it('cancels only an unpaid order, giving its stock back; its payment page is closed', async () => {
    const product = await createProduct(t.database.db, { stock: 5 });
    const customer = await member(t);
    const sessionId = await placeOrder(t, customer, product.id, 2);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const id = await newestOrderId(t, staff, customer);
    const cancelled = await bo('POST', `/orders/${id}/cancel/`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(t.database.db, product.id)).toBe(5);
    expect((await bo('POST', `/orders/${id}/cancel/`)).statusCode).toBe(409);
    const view = await t.app.inject({ method: 'GET', url: `/taberna-orders/test-checkout/api/${sessionId}/` });
    expect(view.json()).toMatchObject({ status: expect.stringMatching(/expired|declined/) });

    const paidId = await paidOrder(t, staff, customer, product.id);
    const refused = await bo('POST', `/orders/${paidId}/cancel/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'An order that is paid cannot be cancelled.' });
  });

  it('refunds a paid order through the test checkout once: stock back, status refunded, customer emailed', async () => {
    const product = await createProduct(t.database.db, { stock: 4, price: '20.00' });
    const customer = await member(t);
    const id = await paidOrder(t, staff, customer, product.id, 2);
    expect(await stockOf(t.database.db, product.id)).toBe(2);
    const refunded = await bo('POST', `/orders/${id}/refund/`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', payment: { status: 'Refunded' } });
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    expect(mailsTo(customer.person.email, 'was refunded')).toHaveLength(1);
    expect((await customerOrders(customer))[0]).toMatchObject({ order_status: 'refunded' });
    const again = await bo('POST', `/orders/${id}/refund/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'An order that is refunded cannot be refunded.' });

    await placeOrder(t, customer, product.id);
    const unpaid = await newestOrderId(t, staff, customer);
    expect((await bo('POST', `/orders/${unpaid}/refund/`)).statusCode).toBe(409);
    const audit = (await bo('GET', `/audit/?search=order:${id}`)).json() as { results: { action: string; after: unknown }[] };
    expect(audit.results).toEqual([
      expect.objectContaining({
        action: 'order.refund',
        after: expect.objectContaining({ refund_id: expect.stringMatching(/^test_re_/) }),
      }),
    ]);
  });

  it('refunds exactly once when two staff press refund at the same moment', async () => {
    const product = await createProduct(t.database.db, { stock: 3 });
    const customer = await member(t);
    const other = await member(t, 'owner');
    const id = await paidOrder(t, staff, customer, product.id);
    const before = t.mail.sent.length;
    const answers = await Promise.all([
      bo('POST', `/orders/${id}/refund/`),
      backoffice(t, other)('POST', `/orders/${id}/refund/`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    expect(t.mail.sent.length - before).toBe(1);
    const releases = (await bo('GET', `/stock/?product_id=${product.id}&kind=release`)).json() as { count: number };
    expect(releases.count).toBe(1);
  });
});

describe('refunds with Stripe configured', () => {
  let stripe: StripeStandIn;
  let s: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ stripe, app: s, close } = await stripeTestApp()));
  afterAll(() => close());

  it("refunds the whole amount paid (tax included) through Stripe's refund API, keyed by the order", async () => {
    const product = await createProduct(s.database.db, { stock: 3, price: '12.50' });
    const customer = await member(s);
    const owner = await member(s, 'owner');
    await placeOrder(s, customer, product.id);
    const session = [...stripe.sessions.values()].at(-1)!;
    stripe.pay(session.id);
    const done = await s.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/order_payment_success/',
      payload: { stripe_session_id: session.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    const id = await newestOrderId(s, owner, customer);
    const refunded = await backoffice(s, owner)('POST', `/orders/${id}/refund/`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(stripe.refunds).toEqual([
      expect.objectContaining({
        payment_intent: session.payment_intent,
        amount: '1275',
        idempotency_key: expect.stringMatching(/^refund-/),
      }),
    ]);
    expect(await stockOf(s.database.db, product.id)).toBe(3);
  });

  it('leaves the order paid when Stripe refuses the refund (503 with its reason)', async () => {
    const product = await createProduct(s.database.db, { stock: 3 });
    const customer = await member(s);
    const owner = await member(s, 'owner');
    await placeOrder(s, customer, product.id);
    const session = [...stripe.sessions.values()].at(-1)!;
    stripe.pay(session.id);
    await s.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/order_payment_success/',
      payload: { stripe_session_id: session.id },
    });
    const id = await newestOrderId(s, owner, customer);
    // A payment Stripe does not know: it refuses the refund.
    await s.database.db.update(tabernaPayments).set({ paymentId: 'pi_unknown' }).where(eq(tabernaPayments.orderId, id));
    const refused = await backoffice(s, owner)('POST', `/orders/${id}/refund/`);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: expect.stringContaining('did not refund') });
    expect(((await backoffice(s, owner)('GET', `/orders/${id}/`)).json() as OrderAnswer).status).toBe('paid');
    expect(await stockOf(s.database.db, product.id)).toBe(2);
  });
});

it('pays in the helper as the shop does (sanity of the fixture)', async () => {
  const product = await createProduct(t.database.db, { stock: 2 });
  const customer = await member(t);
  await pay(t, await placeOrder(t, customer, product.id));
  expect((await customerOrders(customer))[0]).toMatchObject({ order_status: 'paid' });
});
