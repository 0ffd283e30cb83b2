import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, createProduct, stockOf } from './support/taberna.js';
import { auditRows, backoffice, member, newestOrderId, paidOrder, placeOrder, type Member } from './support/backoffice.js';
import { stripeTestApp, type StripeStandIn } from './support/stripe-stand-in.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Issue 28, point 4: partial refunds with or without restock. One app with the test checkout, one with Stripe.

interface Refund {
  amount: string;
  lines: { line_id: number; quantity: number }[];
  restocked: boolean;
  actor: string | null;
}
interface OrderAnswer {
  id: number;
  order_number: string;
  status: string;
  order_total: string;
  refundable: string;
  payment: { status: string; amount_paid: string } | null;
  lines: { id: number; product_id: number; quantity: number; refunded_quantity: number }[];
  refunds: Refund[];
  timeline: { kind: string; body: string; actor: string | null }[];
}

/**
 * A paid order of two lines: 2 × a 20.00 product and 1 × a 10.00 one (subtotal 50.00, the default
 * 2% tax 1.00, total 51.00). Answers the order and the two products.
 */
async function twoLineOrder(t: TestApp, staff: Member, customer: Member) {
  const shirt = await createProduct(t.database.db, { stock: 5, price: '20.00' });
  const mug = await createProduct(t.database.db, { stock: 5, price: '10.00' });
  expect((await addToCart(t.app, mug.id, {}, customer.headers)).statusCode).toBe(200);
  const id = await paidOrder(t, staff, customer, shirt.id, 2);
  const order = (await backoffice(t, staff)('GET', `/orders/${id}/`)).json() as OrderAnswer;
  expect(order).toMatchObject({ status: 'paid', order_total: '51.00', refundable: '51.00', refunds: [] });
  const lineOf = (productId: number) => order.lines.find((line) => line.product_id === productId)!;
  return { id, order, shirt, mug, shirtLine: lineOf(shirt.id).id, mugLine: lineOf(mug.id).id };
}

describe('partial refunds through the test checkout', () => {
  let t: TestApp;
  let staff: Member;
  let bo: ReturnType<typeof backoffice>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await member(t, 'staff');
    bo = backoffice(t, staff);
  });
  afterAll(() => t.close());

  const orderOf = async (id: number) => (await bo('GET', `/orders/${id}/`)).json() as OrderAnswer;
  const mailsTo = (email: string) => t.mail.sent.filter((m) => m.to === email);
  const releases = async (productId: number) =>
    ((await bo('GET', `/stock/?product_id=${productId}&kind=release`)).json() as { results: { delta: number; reason: string }[] })
      .results;

  it('refunds one line with restock, then the rest without: amounts with tax, stock, status, email, timeline, totals', async () => {
    const customer = await member(t);
    const { id, order, shirt, mug, shirtLine, mugLine } = await twoLineOrder(t, staff, customer);
    expect([await stockOf(t.database.db, shirt.id), await stockOf(t.database.db, mug.id)]).toEqual([3, 4]);

    const first = await bo('POST', `/orders/${id}/refund/`, { lines: [{ line_id: shirtLine, quantity: 1 }], restock: true });
    expect(first.statusCode, first.body).toBe(200);
    // 20.00 and its share of the tax (2% of it): 20.40.
    expect(first.json()).toMatchObject({
      status: 'partially_refunded',
      refundable: '30.60',
      payment: { status: 'Completed' },
      refunds: [{ amount: '20.40', lines: [{ line_id: shirtLine, quantity: 1 }], restocked: true, actor: staff.person.email }],
    });
    const afterFirst = first.json() as OrderAnswer;
    expect(afterFirst.lines.map((line) => [line.id, line.refunded_quantity])).toEqual(
      expect.arrayContaining([
        [shirtLine, 1],
        [mugLine, 0],
      ]),
    );
    expect([await stockOf(t.database.db, shirt.id), await stockOf(t.database.db, mug.id)]).toEqual([4, 4]);
    expect(await releases(shirt.id)).toEqual([
      expect.objectContaining({ delta: 1, reason: `Order ${order.order_number} partly refunded` }),
    ]);
    expect(afterFirst.timeline.at(-1)).toMatchObject({ kind: 'partially_refunded', actor: staff.person.email });
    expect(afterFirst.timeline.at(-1)!.body).toContain('20.40');
    expect(afterFirst.timeline.at(-1)!.body).toContain('restocked');

    const [mail] = mailsTo(customer.person.email).filter((m) => m.subject.includes('refunded'));
    expect(mail!.subject).toBe(`Part of your Taberna order ${order.order_number} was refunded`);
    expect(mail!.text).toContain('$20.40');
    expect(mail!.text).toMatch(/Refunded:\n1 × /);

    const mine = (
      await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: customer.headers })
    ).json();
    expect(mine[0]).toMatchObject({
      order_status: 'paid',
      status: 'New',
      refunds: [{ amount: 20.4, lines: [{ line_id: shirtLine, quantity: 1 }] }],
    });
    const customers = (await bo('GET', `/customers/?search=${encodeURIComponent(customer.person.email)}`)).json();
    expect(customers.results[0]).toMatchObject({ orders_count: 1, total_spent: '30.60' });
    expect((await bo('GET', '/orders/?status=partially_refunded')).json().results.map((o: { id: number }) => o.id)).toContain(id);

    // The last lines: all that remains (their goods, tax and what rounding left), no stock back.
    const rest = await bo('POST', `/orders/${id}/refund/`, {
      lines: [
        { line_id: shirtLine, quantity: 1 },
        { line_id: mugLine, quantity: 1 },
      ],
      restock: false,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      status: 'refunded',
      refundable: '0.00',
      payment: { status: 'Refunded' },
      refunds: [{ amount: '20.40' }, { amount: '30.60', restocked: false }],
    });
    expect([await stockOf(t.database.db, shirt.id), await stockOf(t.database.db, mug.id)]).toEqual([4, 4]);
    expect(await releases(mug.id)).toEqual([]);
    expect(mailsTo(customer.person.email).at(-1)!.subject).toBe(`Your Taberna order ${order.order_number} was refunded`);
    const audit = await auditRows(bo, `order:${id}`);
    expect(audit.filter((row) => row.action === 'order.refund')).toHaveLength(2);
    const refused = await bo('POST', `/orders/${id}/refund/`, { lines: [{ line_id: mugLine, quantity: 1 }], restock: true });
    expect(refused.statusCode).toBe(409);
    expect((await customerOrdersTotal(customer)).total_spent).toBe('0.00');
  });

  const customerOrdersTotal = async (customer: Member) =>
    (await bo('GET', `/customers/?search=${encodeURIComponent(customer.person.email)}`)).json().results[0] as {
      total_spent: string;
    };

  it('takes an explicit amount, and an amount alone (shipping, goodwill); the full refund of the rest restocks what remains', async () => {
    const customer = await member(t);
    const { id, shirt, mug, shirtLine } = await twoLineOrder(t, staff, customer);
    const partial = await bo('POST', `/orders/${id}/refund/`, {
      lines: [{ line_id: shirtLine, quantity: 2 }],
      restock: false,
      amount: '5.00',
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'partially_refunded', refundable: '46.00' });
    const goodwill = await bo('POST', `/orders/${id}/refund/`, { lines: [], restock: false, amount: '1.00' });
    expect(goodwill.statusCode, goodwill.body).toBe(200);
    expect(goodwill.json()).toMatchObject({ refundable: '45.00', refunds: [{ amount: '5.00' }, { amount: '1.00', lines: [] }] });
    expect(await stockOf(t.database.db, shirt.id)).toBe(3);
    // No body: all that remains, with the stock of the lines not refunded yet (the mug), as before issue 28.
    const full = await bo('POST', `/orders/${id}/refund/`, {});
    expect(full.statusCode, full.body).toBe(200);
    const mugLine = (full.json() as OrderAnswer).lines.find((line) => line.product_id === mug.id)!.id;
    expect(full.json()).toMatchObject({
      status: 'refunded',
      refundable: '0.00',
      refunds: [{}, {}, { amount: '45.00', lines: [{ line_id: mugLine, quantity: 1 }], restocked: true }],
    });
    expect([await stockOf(t.database.db, shirt.id), await stockOf(t.database.db, mug.id)]).toEqual([3, 5]);
  });

  it('refuses bad refunds with a 400 or 409 and writes nothing', async () => {
    const customer = await member(t);
    const { id, shirt, shirtLine, mugLine } = await twoLineOrder(t, staff, customer);
    const other = await twoLineOrder(t, staff, await member(t));
    const mails = t.mail.sent.length;
    const bad: [object, number, RegExp][] = [
      [{ lines: [{ line_id: shirtLine, quantity: 3 }], restock: true }, 400, /Only 2 of .* can still be refunded/],
      [{ lines: [{ line_id: other.shirtLine, quantity: 1 }], restock: true }, 400, /not a line of this order/],
      [{ lines: [{ line_id: shirtLine, quantity: 0 }], restock: true }, 400, /at least 1/],
      [{ lines: [{ line_id: shirtLine, quantity: -1 }], restock: true }, 400, /at least 1/],
      [{ lines: [{ line_id: mugLine, quantity: 1 }], restock: true, amount: '51.01' }, 400, /At most 51.00/],
      [{ lines: [{ line_id: mugLine, quantity: 1 }], restock: true, amount: '0' }, 400, /more than 0/],
      [{ lines: [{ line_id: mugLine, quantity: 1 }], restock: true, amount: '1.234' }, 400, /like 12.50/],
      [{ lines: [{ line_id: mugLine, quantity: 1 }] }, 400, /back into stock/],
      [{ lines: [], restock: true }, 400, /or give an amount/],
      [{ restock: true }, 400, /Choose the lines/],
      [
        {
          lines: [
            { line_id: mugLine, quantity: 1 },
            { line_id: mugLine, quantity: 1 },
          ],
          restock: true,
        },
        400,
        /each line once/,
      ],
    ];
    for (const [body, status, message] of bad) {
      const answer = await bo('POST', `/orders/${id}/refund/`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(status);
      expect(answer.body, JSON.stringify(body)).toMatch(message);
    }
    expect(await orderOf(id)).toMatchObject({
      status: 'paid',
      refundable: '51.00',
      refunds: [],
      payment: { status: 'Completed' },
    });
    expect(await stockOf(t.database.db, shirt.id)).toBe(3);
    expect(await releases(shirt.id)).toEqual([]);
    expect((await auditRows(bo, `order:${id}`)).filter((row) => row.action === 'order.refund')).toEqual([]);
    expect(t.mail.sent.length).toBe(mails);

    // Not paid yet, or cancelled: 409.
    const unpaidCustomer = await member(t);
    await placeOrder(t, unpaidCustomer, shirt.id);
    const unpaid = await newestOrderId(t, staff, unpaidCustomer);
    const unpaidLine = (await orderOf(unpaid)).lines[0]!.id;
    const body = { lines: [{ line_id: unpaidLine, quantity: 1 }], restock: true };
    expect((await bo('POST', `/orders/${unpaid}/refund/`, body)).statusCode).toBe(409);
    expect((await bo('POST', `/orders/${unpaid}/cancel/`)).statusCode).toBe(200);
    const cancelled = await bo('POST', `/orders/${unpaid}/refund/`, body);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ detail: 'An order that is cancelled cannot be refunded.' });
    expect((await orderOf(unpaid)).refunds).toEqual([]);
    expect((await bo('POST', '/orders/999999/refund/', body)).statusCode).toBe(404);
  });

  it('never over-refunds when two partial refunds race', async () => {
    const customer = await member(t);
    const owner = await member(t, 'owner');
    const { id, shirt, shirtLine } = await twoLineOrder(t, staff, customer);
    // Both ask for the two shirts: one gets them, the other finds none left.
    const both = { lines: [{ line_id: shirtLine, quantity: 2 }], restock: true };
    const answers = await Promise.all([
      bo('POST', `/orders/${id}/refund/`, both),
      backoffice(t, owner)('POST', `/orders/${id}/refund/`, both),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await stockOf(t.database.db, shirt.id)).toBe(5);
    expect((await releases(shirt.id)).map((row) => row.delta)).toEqual([2]);
    // Two amounts that each fit but not together: one is refused.
    const amounts = { lines: [], restock: false, amount: '25.00' };
    const refundable = (await orderOf(id)).refundable;
    expect(refundable).toBe('10.20');
    const second = await twoLineOrder(t, staff, await member(t));
    const big = { ...amounts, amount: '30.00' };
    const raced = await Promise.all([
      bo('POST', `/orders/${second.id}/refund/`, big),
      backoffice(t, owner)('POST', `/orders/${second.id}/refund/`, big),
    ]);
    expect(raced.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await orderOf(second.id)).toMatchObject({ refundable: '21.00', refunds: [{ amount: '30.00' }] });
  });
});

describe('partial refunds with Stripe configured', () => {
  let stripe: StripeStandIn;
  let s: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => ({ stripe, app: s, close } = await stripeTestApp()));
  afterAll(() => close());

  it("sends each refund's amount in cents to Stripe, each with its own idempotency key; refused ones are never sent", async () => {
    const product = await createProduct(s.database.db, { stock: 5, price: '12.50' });
    const customer = await member(s);
    const owner = await member(s, 'owner');
    await placeOrder(s, customer, product.id, 2);
    const session = [...stripe.sessions.values()].at(-1)!;
    stripe.pay(session.id);
    const done = await s.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/order_payment_success/',
      payload: { stripe_session_id: session.id },
    });
    expect(done.statusCode, done.body).toBe(200);
    const id = await newestOrderId(s, owner, customer);
    const bo = backoffice(s, owner);
    const order = (await bo('GET', `/orders/${id}/`)).json() as OrderAnswer;
    const line = order.lines[0]!.id;

    const tooMuch = await bo('POST', `/orders/${id}/refund/`, {
      lines: [{ line_id: line, quantity: 1 }],
      restock: true,
      amount: '25.51',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(stripe.calls.filter((call) => call === 'POST /v1/refunds')).toEqual([]);

    const first = await bo('POST', `/orders/${id}/refund/`, { lines: [{ line_id: line, quantity: 1 }], restock: true });
    expect(first.statusCode, first.body).toBe(200);
    const second = await bo('POST', `/orders/${id}/refund/`, { lines: [{ line_id: line, quantity: 1 }], restock: false });
    expect(second.statusCode, second.body).toBe(200);
    // 12.50 + 2% = 12.75, twice: 25.50 paid.
    expect(stripe.refunds).toEqual([
      expect.objectContaining({
        payment_intent: session.payment_intent,
        amount: '1275',
        idempotency_key: `refund-${order.order_number}`,
      }),
      expect.objectContaining({ amount: '1275', idempotency_key: `refund-${order.order_number}-2` }),
    ]);
    expect(second.json()).toMatchObject({ status: 'refunded', payment: { status: 'Refunded' } });
    expect(await stockOf(s.database.db, product.id)).toBe(4);
  });
});
