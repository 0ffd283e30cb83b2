import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  tabernaOrders,
  tabernaPayments,
  tabernaProducts,
  tabernaStockLedger,
  tabernaVariations,
} from '../src/db/schema/index.js';
import { EXPIRE_ORDERS_JOB } from '../src/taberna/taberna.plugin.js';
import { bearer } from './support/accounts.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';
import { addToCart, BILLING, cartOf, createProduct, newCustomer, stockOf } from './support/taberna.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TAX_RATE: '0.02' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const placeSession = (headers: Record<string, string>, billing: object = BILLING) =>
  post('/taberna-orders/api/v1/place_order_stripe_session/', billing, headers);
const success = (sessionId: string, headers: Record<string, string> = {}) =>
  post('/taberna-orders/api/v1/order_payment_success/', { stripe_session_id: sessionId }, headers);
const failed = (sessionId: string, headers: Record<string, string> = {}) =>
  post('/taberna-orders/api/v1/order_payment_failed/', { stripe_session_id: sessionId }, headers);
const orders = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers });
const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!;
const card = (sessionId: string, number: string) =>
  post(`/taberna-orders/test-checkout/api/${sessionId}/pay/`, {
    card_number: number,
    expiry: '12/34',
    cvc: '123',
    name: 'Rosa Tester',
  });

/** The stock changes of a product, oldest first: how much and why. */
const ledgerOf = (productId: number) =>
  t.database.db
    .select({ delta: tabernaStockLedger.delta, reason: tabernaStockLedger.reason })
    .from(tabernaStockLedger)
    .where(eq(tabernaStockLedger.productId, productId))
    .orderBy(tabernaStockLedger.id);

async function customerWithCart(productId: number, quantity = 1, choice: { color?: string; size?: string } = {}) {
  const customer = await newCustomer(t.app, t.mail);
  for (let i = 0; i < quantity; i += 1)
    expect((await addToCart(t.app, productId, choice, customer.headers)).statusCode).toBe(200);
  return customer;
}

describe('checkout with the built-in test checkout', () => {
  it('needs a logged-in customer and a valid billing form (field errors, nothing placed)', async () => {
    const product = await createProduct(t.database.db, { stock: 3 });
    expect((await placeSession({})).statusCode).toBe(401);
    const rosa = await customerWithCart(product.id);
    const response = await placeSession(rosa.headers, {
      ...BILLING,
      first_name: '',
      email: 'not-an-email',
      phone: '',
      country: undefined,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        first_name: ['This field may not be blank.'],
        email: ['Enter a valid email address.'],
        phone: ['This field may not be blank.'],
        country: ['This field is required.'],
      },
    });
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const empty = await newCustomer(t.app, t.mail);
    const nothing = await placeSession(empty.headers);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ error: 'Your cart is empty!' });
  });

  it('reserves stock when placed, completes once when paid with 4242, and shows in the dashboard', async () => {
    const product = await createProduct(t.database.db, { name: 'Lamp', price: '20.00', stock: 5, colors: ['Red'], sizes: ['M'] });
    const rosa = await customerWithCart(product.id, 2, { color: 'Red', size: 'M' });
    const placed = await placeSession(rosa.headers);
    expect(placed.statusCode).toBe(200);
    const checkoutUrl = (placed.json() as { checkout_url: string }).checkout_url;
    expect(checkoutUrl).toMatch(/^http:\/\/portal\.test\/taberna\/test-checkout\/tcs_[A-Za-z0-9_-]{32}$/);
    expect(await stockOf(t.database.db, product.id)).toBe(3);

    const sessionId = sessionOf(checkoutUrl);
    const page = json(await t.app.inject({ method: 'GET', url: `/taberna-orders/test-checkout/api/${sessionId}/` }));
    expect(page).toMatchObject({ amount: '40.80', currency: 'usd', status: 'open' });
    expect(page.lines).toEqual([
      { name: 'Lamp (Red, M)', quantity: 2, unit_amount: '20.00' },
      { name: 'Tax', quantity: 1, unit_amount: '0.80' },
    ]);

    // Before paying, the return page completes nothing.
    const early = await success(sessionId);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: 'This order has not been paid.' });
    expect(json(await orders(rosa.headers))).toEqual([]);

    const paid = await card(sessionId, '4242 4242 4242 4242');
    expect(paid.json()).toEqual({
      outcome: 'paid',
      redirect_url: `http://portal.test/taberna/cart/success?session_id=${sessionId}`,
    });
    expect((await card(sessionId, '4242424242424242')).statusCode).toBe(409);

    for (let i = 0; i < 3; i += 1) {
      const back = await success(sessionId);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({
        message: 'Order successfully completed',
        order_number: expect.stringMatching(/^\d{8}\d+$/),
      });
    }
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(0);
    expect(t.mail.sent.filter((m) => m.subject.startsWith('Your Taberna order'))).toHaveLength(1);
    const mail = t.mail.sent.find((m) => m.subject.startsWith('Your Taberna order'))!;
    expect(mail.to).toBe(BILLING.email);
    expect(mail.text).toMatch(/2 × Lamp \(Red, M\) at \$20\.00 +\$40\.00\n/);
    expect(mail.text).toMatch(/Total paid \(Test card\) +\$40\.80\n/);
    expect(mail.html).toMatch(/Total paid \(Test card\)<\/td><td[^>]*>\$40\.80</);

    const list = (await orders(rosa.headers)).json() as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    const [order] = list;
    expect(order).toMatchObject({ order_total: 40.8, tax: 0.8, status: 'New', is_ordered: true, first_name: 'Rosa' });
    expect(order!.created_at).toMatch(/^[A-Z][a-z]{2}\. \d{2}, \d{4}, \d{2}:\d{2} (AM|PM)$/);
    expect(order!.payment).toMatchObject({ payment_method: 'Test card', amount_paid: '40.8', status: 'Completed' });
    expect(order!.order_products).toEqual([
      expect.objectContaining({
        quantity: 2,
        product_price: 20,
        ordered: true,
        variations: [
          expect.objectContaining({ variation_category: 'color', variation_value: 'Red' }),
          expect.objectContaining({ variation_category: 'size', variation_value: 'M' }),
        ],
      }),
    ]);
    // Another customer sees none of it; anonymous gets 401.
    const ana = await newCustomer(t.app, t.mail);
    expect(json(await orders(ana.headers))).toEqual([]);
    expect((await orders({})).statusCode).toBe(401);
  });

  it('two payments of one session at the same moment: one is taken, the other refused; stock and receipt once', async () => {
    const product = await createProduct(t.database.db, { price: '15.00', stock: 4 });
    const rosa = await customerWithCart(product.id, 2);
    const sessionId = sessionOf((json(await placeSession(rosa.headers)) as { checkout_url: string }).checkout_url);
    const receipts = () => t.mail.sent.filter((m) => m.subject.startsWith('Your Taberna order')).length;
    const before = receipts();
    const payments = await Promise.all([card(sessionId, '4242 4242 4242 4242'), card(sessionId, '4242 4242 4242 4242')]);
    expect(payments.map((payment) => payment.statusCode).sort()).toEqual([200, 409]);
    expect(payments.find((payment) => payment.statusCode === 200)!.json()).toMatchObject({ outcome: 'paid' });
    const backs = await Promise.all([success(sessionId), success(sessionId)]);
    expect(backs.map((back) => back.statusCode)).toEqual([200, 200]);
    const [order] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.sessionId, sessionId));
    expect(order).toMatchObject({ paymentState: 'paid', orderTotal: '30.60' });
    const paid = await t.database.db.select().from(tabernaPayments).where(eq(tabernaPayments.orderId, order!.id));
    expect(paid).toEqual([expect.objectContaining({ amountPaid: '30.60', status: 'Completed' })]);
    expect(await stockOf(t.database.db, product.id)).toBe(2);
    expect(receipts()).toBe(before + 1);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(0);
  });

  it('a declined card lands on the failed page; cancelling there releases the stock and keeps the cart', async () => {
    const product = await createProduct(t.database.db, { stock: 4 });
    const rosa = await customerWithCart(product.id, 3);
    const sessionId = sessionOf(((await placeSession(rosa.headers)).json() as { checkout_url: string }).checkout_url);
    expect(await stockOf(t.database.db, product.id)).toBe(1);

    const wrongCard = await card(sessionId, '5555 5555 5555 4444');
    expect(wrongCard.statusCode).toBe(400);
    expect(json(wrongCard).card_number).toEqual([expect.stringContaining('4242 4242 4242 4242')]);
    const declined = await card(sessionId, '4000 0000 0000 0002');
    expect(declined.json()).toEqual({
      outcome: 'declined',
      redirect_url: `http://portal.test/taberna/cart/failed?session_id=${sessionId}`,
    });
    expect((await success(sessionId)).statusCode).toBe(400);

    // Only the order's own customer may cancel it.
    const ana = await newCustomer(t.app, t.mail);
    expect((await failed(sessionId)).statusCode).toBe(401);
    expect((await failed(sessionId, ana.headers)).statusCode).toBe(404);
    expect(await stockOf(t.database.db, product.id)).toBe(1);

    const cancelled = await failed(sessionId, rosa.headers);
    expect(cancelled.json()).toEqual({ message: 'Order deleted due to failed payment' });
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    expect(await ledgerOf(product.id)).toEqual([
      { delta: -3, reason: 'Reserved by an order' },
      { delta: 3, reason: 'Order cancelled unpaid' },
    ]);
    expect((await failed(sessionId, rosa.headers)).statusCode).toBe(200);
    expect(await stockOf(t.database.db, product.id)).toBe(4);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(3);
    expect(json(await orders(rosa.headers))).toEqual([]);
    expect((await failed('tcs_unknown', rosa.headers)).statusCode).toBe(404);
  });

  it('a paid order cannot be cancelled from the failed page', async () => {
    const product = await createProduct(t.database.db, { stock: 2 });
    const rosa = await customerWithCart(product.id);
    const sessionId = sessionOf(((await placeSession(rosa.headers)).json() as { checkout_url: string }).checkout_url);
    await card(sessionId, '4242424242424242');
    const refused = await failed(sessionId, rosa.headers);
    expect(refused.statusCode).toBe(409);
    expect(await stockOf(t.database.db, product.id)).toBe(1);
    expect((json(await orders(rosa.headers)) as unknown as unknown[]).length).toBe(1);
  });

  it('refuses what a browser cannot decide: forged sessions, other people, more than the stock', async () => {
    const product = await createProduct(t.database.db, { stock: 1 });
    expect((await success('cs_forged')).statusCode).toBe(404);
    expect((await success('')).statusCode).toBe(400);
    expect((await post('/taberna-orders/api/v1/order_payment_success/', {})).json()).toEqual({
      error: 'stripe_session_id: This field is required.',
    });
    const rosa = await customerWithCart(product.id);
    const ana = await customerWithCart(product.id);
    const first = await placeSession(rosa.headers);
    expect(first.statusCode).toBe(200);
    const second = await placeSession(ana.headers);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: expect.stringContaining('is sold out') });
    // Sending a price or a paid flag changes nothing.
    const forged = await placeSession(rosa.headers, { ...BILLING, price: '0.01', order_total: 0, is_ordered: true });
    expect(forged.statusCode).toBe(200);
    const page = json(
      await t.app.inject({
        method: 'GET',
        url: `/taberna-orders/test-checkout/api/${sessionOf((forged.json() as { checkout_url: string }).checkout_url)}/`,
      }),
    );
    expect(page.amount).toBe('10.20');
  });

  it('says what the cart holds that is short, by how many, or sold out, naming its colour and size', async () => {
    const lamp = await createProduct(t.database.db, { name: 'Lamp', stock: 3, colors: ['Red'], sizes: ['M'] });
    const rosa = await customerWithCart(lamp.id, 3, { color: 'Red', size: 'M' });
    const ana = await customerWithCart(lamp.id, 2, { color: 'Red', size: 'M' });
    expect((await placeSession(ana.headers)).statusCode).toBe(200);
    const one = await placeSession(rosa.headers);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      error: 'Only 1 of Lamp in Red, M is left in stock. Lower the quantity in your cart to go on.',
    });
    const ben = await customerWithCart(lamp.id, 1, { color: 'Red', size: 'M' });
    expect((await placeSession(ben.headers)).statusCode).toBe(200);
    expect((await placeSession(rosa.headers)).json()).toEqual({
      error: 'Lamp in Red, M is sold out. Remove it from your cart to go on.',
    });

    const mug = await createProduct(t.database.db, { name: 'Mug', stock: 5 });
    const cleo = await customerWithCart(mug.id, 3);
    const dan = await customerWithCart(mug.id, 4);
    expect((await placeSession(cleo.headers)).statusCode).toBe(200);
    expect((await placeSession(dan.headers)).json()).toEqual({
      error: 'Only 2 of Mug are left in stock. Lower the quantity in your cart to go on.',
    });
    // Nothing was held for the refused placements.
    expect(await stockOf(t.database.db, mug.id)).toBe(2);
    expect(json(await orders(dan.headers))).toEqual([]);

    // With other lines in the cart, whichever was put in first, the message names the short one.
    const cup = await createProduct(t.database.db, { name: 'Cup', stock: 5 });
    const vase = await createProduct(t.database.db, { name: 'Vase', stock: 10 });
    const withTwoLines = async (shortFirst: boolean) => {
      const buyer = await newCustomer(t.app, t.mail);
      const put = async (productId: number, times: number) => {
        for (let i = 0; i < times; i += 1) expect((await addToCart(t.app, productId, {}, buyer.headers)).statusCode).toBe(200);
      };
      if (shortFirst) await put(cup.id, 3);
      await put(vase.id, 1);
      if (!shortFirst) await put(cup.id, 3);
      return buyer;
    };
    const buyers = [await withTwoLines(true), await withTwoLines(false)];
    expect((await placeSession((await customerWithCart(cup.id, 4)).headers)).statusCode).toBe(200);
    for (const buyer of buyers) {
      expect((await placeSession(buyer.headers)).json()).toEqual({
        error: 'Only 1 of Cup is left in stock. Lower the quantity in your cart to go on.',
      });
    }
  });

  it('refuses a cart holding what the shop no longer sells, naming it, and holds nothing', async () => {
    const vase = await createProduct(t.database.db, { name: 'Vase', stock: 4 });
    const lamp = await createProduct(t.database.db, { name: 'Lamp', stock: 4, colors: ['Red', 'Blue'] });
    const rosa = await customerWithCart(vase.id);
    const ana = await customerWithCart(lamp.id, 1, { color: 'Red' });
    const noLongerSold = (name: string) => ({ error: `${name} is no longer sold. Remove it from your cart.` });

    await t.database.db.update(tabernaProducts).set({ status: 'archived' }).where(eq(tabernaProducts.id, vase.id));
    expect((await placeSession(rosa.headers)).json()).toEqual(noLongerSold('Vase'));
    await t.database.db
      .update(tabernaProducts)
      .set({ status: 'active', hiddenAt: new Date() })
      .where(eq(tabernaProducts.id, vase.id));
    const hidden = await placeSession(rosa.headers);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json()).toEqual(noLongerSold('Vase'));

    await t.database.db
      .update(tabernaVariations)
      .set({ isActive: false })
      .where(and(eq(tabernaVariations.productId, lamp.id), eq(tabernaVariations.value, 'Red')));
    const gone = await placeSession(ana.headers);
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual(noLongerSold('Lamp in Red'));
    expect(await stockOf(t.database.db, vase.id)).toBe(4);
    expect(await stockOf(t.database.db, lamp.id)).toBe(4);
  });

  it('checking out again gives back what the earlier unpaid order held', async () => {
    const product = await createProduct(t.database.db, { stock: 1 });
    const rosa = await customerWithCart(product.id);
    const first = sessionOf(((await placeSession(rosa.headers)).json() as { checkout_url: string }).checkout_url);
    const second = await placeSession(rosa.headers);
    expect(second.statusCode).toBe(200);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
    expect((await card(first, '4242424242424242')).statusCode).toBe(409);
  });

  it('unpaid orders expire and release their stock; a paid session cannot be paid after that', async () => {
    const product = await createProduct(t.database.db, { stock: 2 });
    const rosa = await customerWithCart(product.id, 2);
    const sessionId = sessionOf(((await placeSession(rosa.headers)).json() as { checkout_url: string }).checkout_url);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
    await t.database.db
      .update(tabernaOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tabernaOrders.sessionId, sessionId));
    expect(await t.app.scheduler.runNow(EXPIRE_ORDERS_JOB)).toBe(true);
    expect(await stockOf(t.database.db, product.id)).toBe(2);
    expect((await ledgerOf(product.id)).at(-1)).toEqual({ delta: 2, reason: 'Order expired unpaid' });
    expect((await card(sessionId, '4242424242424242')).statusCode).toBe(409);
    expect((await success(sessionId)).statusCode).toBe(400);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(2);
  });

  it('the charge flow pays at once with a test token; a declined token leaves no order and the stock', async () => {
    const product = await createProduct(t.database.db, { price: '5.00', stock: 3 });
    const rosa = await customerWithCart(product.id, 2);
    const url = '/taberna-orders/api/v1/place_order_stripe_charge/';
    const missing = await post(url, BILLING, rosa.headers);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ errors: { stripe_token: ['This field is required.'] } });
    const declined = await post(url, { ...BILLING, stripe_token: 'tok_chargeDeclined' }, rosa.headers);
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ errors: { message: 'Your card was declined.', type: 'CardError' } });
    expect(await stockOf(t.database.db, product.id)).toBe(3);
    const charged = await post(url, { ...BILLING, stripe_token: 'tok_visa' }, rosa.headers);
    expect(charged.statusCode).toBe(201);
    expect(charged.json()).toEqual({
      order: {
        id: expect.any(Number),
        order_number: expect.stringMatching(/^\d{9,}$/),
        grand_total: 10.2,
        tax: 0.2,
        status: 'New',
        total: 10,
        quantity: 2,
      },
    });
    expect(await stockOf(t.database.db, product.id)).toBe(1);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(0);
    expect((await post(url, { ...BILLING, stripe_token: 'tok_visa' })).statusCode).toBe(401);
  });

  it("starts the billing form from the customer's names and last address, and only for them", async () => {
    const product = await createProduct(t.database.db, { stock: 3 });
    const rosa = await customerWithCart(product.id);
    const url = '/taberna-profiles/api/v1/billing/';
    const first = json(await t.app.inject({ method: 'GET', url, headers: rosa.headers }));
    expect(first).toEqual({
      first_name: rosa.person.first_name,
      last_name: rosa.person.last_name,
      email: rosa.person.email,
      phone: '',
      address_line_1: '',
      address_line_2: '',
      city: '',
      state: '',
      country: '',
      postal_code: '',
      country_code: null,
      shipping_address: null,
    });
    await placeSession(rosa.headers, { ...BILLING, address_line_2: 'Flat 2' });
    const after = json(await t.app.inject({ method: 'GET', url, headers: rosa.headers }));
    expect(after).toMatchObject({
      phone: '+351912345678',
      address_line_1: BILLING.address_line_1,
      address_line_2: 'Flat 2',
      city: 'Lisbon',
      country: 'Portugal',
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('takes phone numbers as people write them and keeps them in E.164', async () => {
    const product = await createProduct(t.database.db, { stock: 9 });
    const url = '/taberna-profiles/api/v1/billing/';
    for (const [typed, stored] of [
      ['+351 912 345 678', '+351912345678'],
      ['00351-912-345-678', '+351912345678'],
      ['+1 (415) 555-0132', '+14155550132'],
    ] as const) {
      const rosa = await customerWithCart(product.id);
      const placed = await placeSession(rosa.headers, { ...BILLING, phone: typed });
      expect(placed.statusCode, typed).toBe(200);
      expect(json(await t.app.inject({ method: 'GET', url, headers: rosa.headers })).phone, typed).toBe(stored);
    }
    const rosa = await customerWithCart(product.id);
    for (const [typed, message] of [
      ['call me', 'Enter a phone number such as 912 345 678 or +351 912 345 678.'],
      ['+351 12', 'Enter a phone number such as 912 345 678 or +351 912 345 678.'],
      ['+'.padEnd(30, '9'), 'Enter a phone number such as 912 345 678 or +351 912 345 678.'],
      ['+'.padEnd(45, '9'), 'Ensure this field has no more than 30 characters.'],
    ]) {
      const refused = await placeSession(rosa.headers, { ...BILLING, phone: typed });
      expect(refused.statusCode, typed).toBe(400);
      expect(refused.json(), typed).toEqual({ errors: { phone: [message] } });
    }
    expect(json(await t.app.inject({ method: 'GET', url, headers: rosa.headers })).phone).toBe('');
  });

  it('refuses accounts without a shop profile', async () => {
    const { registerActivated } = await import('./support/accounts.js');
    const { socialLogin } = await import('./support/accounts.js');
    const { person } = await registerActivated(t.app, t.mail, 'social');
    const { access } = await socialLogin(t.app, person);
    const response = await placeSession(bearer(access));
    expect(response.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/billing/', headers: bearer(access) })).statusCode,
    ).toBe(403);
    expect((await orders(bearer(access))).statusCode).toBe(403);
  });

  it('the test checkout answers 404 for an unknown session and field errors for a bad card form', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/taberna-orders/test-checkout/api/tcs_nothing/' })).statusCode).toBe(404);
    expect((await card('tcs_nothing', '4242424242424242')).statusCode).toBe(404);
    const bad = await post('/taberna-orders/test-checkout/api/tcs_nothing/pay/', {
      card_number: '',
      expiry: '13/99',
      cvc: 'ab',
      name: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad)).sort()).toEqual(['card_number', 'cvc', 'expiry', 'name']);
  });

  it('has no webhook in test mode', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/taberna-orders/stripe_webhook/',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('');
  });
});
