import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaDiscounts, tabernaOrders } from '../src/db/schema/index.js';
import { auditRows, backoffice, member, newestOrderId, pay, type Member } from './support/backoffice.js';
import { addToCart, BILLING, createProduct, shopLogin } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 28, point 3: discount codes kept by staff, applied to carts, checked again at placement, used exactly. */
let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
});
afterAll(() => t.close());

interface Discount {
  id: number;
  code: string;
  kind: string;
  value: string;
  min_subtotal: string | null;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  once_per_customer: boolean;
  used: number;
  reserved: number;
}
type Cart = Record<string, unknown> & { total: number; tax: number; grand_total: number; discount?: Record<string, unknown> };

let codes = 0;
const uniqueCode = (prefix = 'CODE') => `${prefix}${(codes += 1)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function newDiscount(body: Record<string, unknown> = {}): Promise<Discount> {
  const created = await bo('POST', '/discounts/', { code: uniqueCode(), kind: 'percent', value: '10', ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Discount;
}
const discountsCount = async () => (await t.database.db.select({ n: count() }).from(tabernaDiscounts))[0]!.n;
/** The shop's field errors (`{errors: {field: [...]}}`). */
const fieldErrors = (response: { json: () => unknown }) => (response.json() as { errors: Record<string, string[]> }).errors;
/** The back office's (`{field: [...]}`). */
const boFieldErrors = (response: { json: () => unknown }) => response.json() as Record<string, string[]>;

const cartOf = async (who?: Member, query = '') => {
  const answer = await t.app.inject({ method: 'GET', url: `/taberna-cart/api/cart/${query}`, headers: who?.headers ?? {} });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};
const apply = (who: Member | null, code: string, cartId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/taberna-cart/api/discount/',
    headers: who?.headers ?? {},
    payload: { code, ...(cartId ? { cart_id: cartId } : {}) },
  });
const removeCode = (who: Member | null, query = '') =>
  t.app.inject({ method: 'DELETE', url: `/taberna-cart/api/discount/${query}`, headers: who?.headers ?? {} });
const placeSession = (who: Member) =>
  t.app.inject({
    method: 'POST',
    url: '/taberna-orders/api/v1/place_order_stripe_session/',
    headers: who.headers,
    payload: { ...BILLING, email: who.person.email },
  });
const placeCharge = (who: Member, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/taberna-orders/api/v1/place_order_stripe_charge/',
    headers: who.headers,
    payload: { ...BILLING, email: who.person.email, stripe_token: 'tok_visa', ...extra },
  });
const sessionOf = (placed: { json: () => unknown }) =>
  String((placed.json() as { checkout_url: string }).checkout_url)
    .split('/')
    .at(-1)!;

/** A customer with `quantity` of a new product of this price in their cart. */
async function customerWithCart(price = '25.00', quantity = 2): Promise<Member & { productId: number }> {
  const product = await createProduct(t.database.db, { price, stock: 50 });
  const customer = await member(t);
  for (let i = 0; i < quantity; i += 1) expect((await addToCart(t.app, product.id, {}, customer.headers)).statusCode).toBe(200);
  return Object.assign(customer, { productId: product.id });
}
const ordersWith = async (discountId: number, state: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(tabernaOrders)
      .where(and(eq(tabernaOrders.discountId, discountId), eq(tabernaOrders.paymentState, state)))
  )[0]!.n;
const usesOf = async (id: number) => {
  const list = await bo('GET', `/discounts/?page_size=100`);
  const found = (list.json() as { results: Discount[] }).results.find((row) => row.id === id)!;
  return { used: found.used, reserved: found.reserved };
};

describe('discount codes in the back office', () => {
  it('creates, lists, edits and deletes codes, each change audited', async () => {
    const created = await newDiscount({
      code: 'Summer-10',
      value: '12.5',
      min_subtotal: '40',
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: '2099-01-01T00:00:00+01:00',
      usage_limit: 3,
      once_per_customer: true,
    });
    expect(created).toMatchObject({
      code: 'Summer-10',
      kind: 'percent',
      value: '12.50',
      min_subtotal: '40.00',
      starts_at: '2026-01-01T00:00:00.000Z',
      ends_at: '2098-12-31T23:00:00.000Z',
      usage_limit: 3,
      once_per_customer: true,
      used: 0,
      reserved: 0,
    });
    const fixed = await newDiscount({ kind: 'fixed', value: '5' });
    expect(fixed).toMatchObject({
      kind: 'fixed',
      value: '5.00',
      min_subtotal: null,
      usage_limit: null,
      once_per_customer: false,
    });

    const edited = await bo('PATCH', `/discounts/${created.id}/`, { value: '15', usage_limit: null, ends_at: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, code: 'Summer-10', value: '15.00', usage_limit: null, ends_at: null });

    const search = (await bo('GET', '/discounts/?search=summer-1')).json() as { results: Discount[] };
    expect(search.results.map((row) => row.id)).toEqual([created.id]);

    expect((await bo('DELETE', `/discounts/${fixed.id}/`)).statusCode).toBe(204);
    expect((await bo('DELETE', `/discounts/${fixed.id}/`)).statusCode).toBe(404);
    expect((await bo('PATCH', `/discounts/${fixed.id}/`, { value: '1' })).statusCode).toBe(404);
    expect((await auditRows(bo, `discount:${created.id}`)).map((row) => row.action)).toEqual([
      'discount.update',
      'discount.create',
    ]);
    expect((await auditRows(bo, `discount:${fixed.id}`)).map((row) => row.action)).toEqual([
      'discount.delete',
      'discount.create',
    ]);
  });

  it('pages the list newest first with keyset links', async () => {
    for (let i = 0; i < 3; i += 1) await newDiscount({ code: uniqueCode('PAGE') });
    const first = (await bo('GET', '/discounts/?search=PAGE&page_size=2')).json() as { results: Discount[]; next: string };
    expect(first.results).toHaveLength(2);
    expect(first.results[0]!.id).toBeGreaterThan(first.results[1]!.id);
    const next = new URL(first.next);
    expect(next.searchParams.get('cursor')).toBe(String(first.results[1]!.id));
    const second = (await bo('GET', `/discounts/${next.search}`)).json() as { results: Discount[]; next: string | null };
    expect(second.results).toHaveLength(1);
    expect(second.results[0]!.id).toBeLessThan(first.results[1]!.id);
    expect(second.next).toBeNull();
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const taken = await newDiscount({ code: 'WELCOME5' });
    const before = await discountsCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'welcome5' }, 'code', 'already exists'],
      [{ code: 'two words' }, 'code', 'letters, digits'],
      [{ code: '' }, 'code', 'blank'],
      [{ kind: 'half' }, 'kind', 'percent or fixed'],
      [{ value: '0' }, 'value', 'above 0'],
      [{ value: 'ten' }, 'value', 'price such as'],
      [{ value: '150' }, 'value', 'at most 100'],
      [{ min_subtotal: '-1' }, 'min_subtotal', 'price such as'],
      [{ starts_at: 'tomorrow' }, 'starts_at', 'date and time'],
      [{ starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' }, 'ends_at', 'after the start'],
      [{ usage_limit: 0 }, 'usage_limit', 'at least 1'],
      [{ usage_limit: 1.5 }, 'usage_limit', 'integer'],
      [{ once_per_customer: 'yes' }, 'once_per_customer', 'boolean'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await bo('POST', '/discounts/', { code: uniqueCode(), kind: 'percent', value: '10', ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(boFieldErrors(refused)[field]?.join(' '), JSON.stringify(body)).toContain(message);
    }
    // An edit is checked against what is stored: a fixed 150 cannot become a percentage, nor take another's code.
    const fixed = await newDiscount({ kind: 'fixed', value: '150' });
    const edits: [Record<string, unknown>, string][] = [
      [{ kind: 'percent' }, 'value'],
      [{ code: 'Welcome5' }, 'code'],
      [{ starts_at: '2099-01-01T00:00:00Z', ends_at: '2098-01-01T00:00:00Z' }, 'ends_at'],
    ];
    for (const [body, field] of edits) {
      const refused = await bo('PATCH', `/discounts/${fixed.id}/`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(boFieldErrors(refused))).toEqual([field]);
    }
    expect(await discountsCount()).toBe(before + 1);
    const unchanged = (await bo('GET', '/discounts/?page_size=100')).json() as { results: Discount[] };
    expect(unchanged.results.find((row) => row.id === fixed.id)).toMatchObject({ kind: 'fixed', value: '150.00' });
    expect(unchanged.results.find((row) => row.id === taken.id)).toMatchObject({ code: 'WELCOME5' });
  });
});

describe('a shopper applying a code', () => {
  it('prices the cart with it (discount off the subtotal, tax on the rest), any case, and removing it gives the cart as before', async () => {
    const customer = await customerWithCart('25.00', 2);
    const code = await newDiscount({ code: uniqueCode('TENOFF'), value: '10' });
    const before = (await cartOf(customer)).body;
    expect(before).not.toContain('discount');

    const applied = await apply(customer, code.code.toLowerCase());
    expect(applied.statusCode, applied.body).toBe(200);
    const cart = applied.json() as Cart;
    // 50.00 − 5.00 = 45.00, tax 2% of 45.00 = 0.90.
    expect(cart).toMatchObject({ total: 50, discount: { code: code.code, amount: 5 }, tax: 0.9, grand_total: 45.9 });
    expect((await cartOf(customer)).json()).toEqual(cart);

    const removed = await removeCode(customer);
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toBe(before);
    expect((await cartOf(customer)).body).toBe(before);
  });

  it('a fixed amount never takes off more than the subtotal; a guest applies one to the cart it holds', async () => {
    const product = await createProduct(t.database.db, { price: '8.00', stock: 5 });
    const guest = (await addToCart(t.app, product.id)).json() as { cart_id: string };
    const code = await newDiscount({ kind: 'fixed', value: '20' });
    const applied = await apply(null, code.code, guest.cart_id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ total: 8, discount: { code: code.code, amount: 8 }, tax: 0, grand_total: 0 });
    const query = `?cart_id=${encodeURIComponent(guest.cart_id)}`;
    expect((await cartOf(undefined, query)).json()).toMatchObject({ discount: { amount: 8 } });
    expect((await removeCode(null, query)).json()).not.toHaveProperty('discount');
  });

  it('refuses, with a 400 saying which, a code that is unknown, not yet valid, expired, below its minimum, or for an empty cart', async () => {
    const customer = await customerWithCart('10.00', 3);
    const refusals: [Record<string, unknown> | string, string][] = [
      ['NO-SUCH-CODE', 'This discount code does not exist.'],
      [{ starts_at: '2099-06-01T09:30:00Z' }, 'This discount code is valid from 1 June 2099 at 09:30 UTC.'],
      [
        { starts_at: '2020-01-01T00:00:00Z', ends_at: '2021-03-04T10:00:00Z' },
        'This discount code expired on 4 March 2021 at 10:00 UTC.',
      ],
      [{ min_subtotal: '30.01' }, 'This discount code needs a subtotal of at least 30.01.'],
    ];
    for (const [setup, message] of refusals) {
      const code = typeof setup === 'string' ? setup : (await newDiscount(setup)).code;
      const refused = await apply(customer, code);
      expect(refused.statusCode, message).toBe(400);
      expect(fieldErrors(refused)).toEqual({ code: [message] });
    }
    expect((await cartOf(customer)).body).not.toContain('discount');
    // At the minimum exactly, it applies.
    expect((await apply(customer, (await newDiscount({ min_subtotal: '30' })).code)).statusCode).toBe(200);
    const empty = await member(t);
    const nothing = await apply(empty, (await newDiscount()).code);
    expect(fieldErrors(nothing)).toEqual({ code: ['Your cart is empty: add something before applying a discount code.'] });
    expect((await apply(customer, '')).statusCode).toBe(400);
  });

  it('a cart that falls below the minimum shows why the code no longer applies, and placement refuses it', async () => {
    const customer = await customerWithCart('20.00', 3);
    const code = await newDiscount({ min_subtotal: '50' });
    expect((await apply(customer, code.code)).statusCode).toBe(200);
    const cart = (await cartOf(customer)).json() as { cart_items: { id: number }[] };
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/taberna-cart/api/cart-remove/${customer.productId}/${cart.cart_items[0]!.id}/`,
      headers: customer.headers,
    });
    expect(removed.statusCode).toBe(200);
    const below = (await cartOf(customer)).json() as Cart;
    expect(below).toMatchObject({
      total: 40,
      discount: { code: code.code, amount: 0, message: 'This discount code needs a subtotal of at least 50.00.' },
      tax: 0.8,
      grand_total: 40.8,
    });
    const placed = await placeSession(customer);
    expect(placed.statusCode).toBe(400);
    expect(fieldErrors(placed)).toEqual({ discount_code: ['This discount code needs a subtotal of at least 50.00.'] });
    expect(await ordersWith(code.id, 'pending')).toBe(0);
  });

  it('a code that expired after it was applied is refused at placement', async () => {
    const customer = await customerWithCart('20.00', 1);
    const code = await newDiscount();
    expect((await apply(customer, code.code)).statusCode).toBe(200);
    expect((await bo('PATCH', `/discounts/${code.id}/`, { ends_at: '2020-01-01T00:00:00Z' })).statusCode).toBe(200);
    const placed = await placeSession(customer);
    expect(placed.statusCode).toBe(400);
    expect(fieldErrors(placed).discount_code![0]).toContain('This discount code expired on');
  });
});

describe('orders placed with a code', () => {
  it('show the code and amount to the customer and staff; the payment page asks for the discounted total', async () => {
    const customer = await customerWithCart('25.00', 2);
    const code = await newDiscount({ kind: 'fixed', value: '7.50' });
    expect((await apply(customer, code.code)).statusCode).toBe(200);
    const placed = await placeSession(customer);
    expect(placed.statusCode, placed.body).toBe(200);
    const session = sessionOf(placed);
    // 50.00 − 7.50 = 42.50; tax 2% = 0.85; total 43.35.
    const page = (await t.app.inject({ method: 'GET', url: `/taberna-orders/test-checkout/api/${session}/` })).json() as {
      amount: string;
      lines: { name: string; unit_amount: string }[];
    };
    expect(page.amount).toBe('43.35');
    expect(page.lines).toContainEqual({ name: `Discount ${code.code}`, quantity: 1, unit_amount: '-7.50' });
    expect(await usesOf(code.id)).toEqual({ used: 0, reserved: 1 });
    await pay(t, session);
    expect(await usesOf(code.id)).toEqual({ used: 1, reserved: 0 });

    const dashboard = await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: customer.headers });
    const [order] = dashboard.json() as Record<string, unknown>[];
    expect(order).toMatchObject({ order_total: 43.35, tax: 0.85, discount: { code: code.code, amount: 7.5 } });
    const id = await newestOrderId(t, staff, customer);
    const staffView = (await bo('GET', `/orders/${id}/`)).json() as Record<string, unknown>;
    expect(staffView).toMatchObject({ order_total: '43.35', subtotal: '50.00', discount: { code: code.code, amount: '7.50' } });
    // The code did its work: the customer's cart no longer holds it.
    expect((await addToCart(t.app, customer.productId, {}, customer.headers)).statusCode).toBe(200);
    expect((await cartOf(customer)).body).not.toContain('discount');
  });

  it('orders placed without a code answer without a discount key', async () => {
    const customer = await customerWithCart('10.00', 1);
    const charged = await placeCharge(customer);
    expect(charged.statusCode, charged.body).toBe(201);
    expect(charged.body).not.toContain('discount');
    const dashboard = await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: customer.headers });
    expect(dashboard.body).not.toContain('discount');
    expect((await bo('GET', `/orders/${await newestOrderId(t, staff, customer)}/`)).body).not.toContain('discount');
  });

  it('a charge takes the discounted total and says what the code took off', async () => {
    const customer = await customerWithCart('30.00', 1);
    const code = await newDiscount({ value: '50' });
    expect((await apply(customer, code.code)).statusCode).toBe(200);
    const charged = await placeCharge(customer);
    expect(charged.statusCode, charged.body).toBe(201);
    expect((charged.json() as { order: object }).order).toMatchObject({
      total: 30,
      tax: 0.3,
      grand_total: 15.3,
      discount: { code: code.code, amount: 15 },
    });
  });

  it('once per customer: a customer who paid with it cannot apply or place it again; others can', async () => {
    const code = await newDiscount({ once_per_customer: true });
    const customer = await customerWithCart('10.00', 1);
    expect((await apply(customer, code.code)).statusCode).toBe(200);
    expect((await placeCharge(customer)).statusCode).toBe(201);
    expect((await addToCart(t.app, customer.productId, {}, customer.headers)).statusCode).toBe(200);
    const again = await apply(customer, code.code);
    expect(again.statusCode).toBe(400);
    expect(fieldErrors(again)).toEqual({ code: ['You have already used this discount code.'] });

    // Applied as a guest (no customer yet), the code is checked again for the customer at placement.
    const product = await createProduct(t.database.db, { price: '10.00', stock: 5 });
    const guest = (await addToCart(t.app, product.id)).json() as { cart_id: string };
    expect((await apply(null, code.code, guest.cart_id)).statusCode).toBe(200);
    await shopLogin(t.app, customer.person, guest.cart_id);
    expect((await cartOf(customer)).json()).toMatchObject({
      discount: { code: code.code, amount: 0, message: 'You have already used this discount code.' },
    });
    const placed = await placeSession(customer);
    expect(placed.statusCode).toBe(400);
    expect(fieldErrors(placed)).toEqual({ discount_code: ['You have already used this discount code.'] });

    const other = await customerWithCart('10.00', 1);
    expect((await apply(other, code.code)).statusCode).toBe(200);
    expect((await placeCharge(other)).statusCode).toBe(201);
    expect(await usesOf(code.id)).toEqual({ used: 2, reserved: 0 });
  });

  it('an unpaid order holds its use until it is cancelled, then the use is free again', async () => {
    const code = await newDiscount({ usage_limit: 1 });
    const first = await customerWithCart('10.00', 1);
    const second = await customerWithCart('10.00', 1);
    expect((await apply(first, code.code)).statusCode).toBe(200);
    expect((await apply(second, code.code)).statusCode).toBe(200);
    const held = await placeSession(first);
    expect(held.statusCode).toBe(200);
    const refused = await placeSession(second);
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual({ discount_code: ['This discount code has been used up.'] });
    expect((await apply(second, code.code)).statusCode).toBe(400);

    const failed = await t.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/order_payment_failed/',
      headers: first.headers,
      payload: { stripe_session_id: sessionOf(held) },
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await usesOf(code.id)).toEqual({ used: 0, reserved: 0 });
    const placed = await placeSession(second);
    expect(placed.statusCode, placed.body).toBe(200);
    await pay(t, sessionOf(placed));
    expect(await usesOf(code.id)).toEqual({ used: 1, reserved: 0 });
  });

  it('a code with usage_limit 1 raced by five buyers is paid once; the others are refused before any charge', async () => {
    const code = await newDiscount({ usage_limit: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => customerWithCart('10.00', 1)));
    for (const buyer of buyers) expect((await apply(buyer, code.code)).statusCode).toBe(200);
    const ordersBefore = (await t.database.db.select({ n: count() }).from(tabernaOrders))[0]!.n;

    const answers = await Promise.all(buyers.map((buyer) => placeCharge(buyer)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400))
      expect(fieldErrors(answer)).toEqual({ discount_code: ['This discount code has been used up.'] });
    // The refused ones were never placed, so never charged.
    expect((await t.database.db.select({ n: count() }).from(tabernaOrders))[0]!.n).toBe(ordersBefore + 1);
    expect(await ordersWith(code.id, 'paid')).toBe(1);
    expect(await usesOf(code.id)).toEqual({ used: 1, reserved: 0 });

    // The same race through payment pages: one is placed, the others refused; paying it uses the code.
    const sessionCode = await newDiscount({ usage_limit: 1 });
    const more = await Promise.all(Array.from({ length: 5 }, () => customerWithCart('10.00', 1)));
    for (const buyer of more) expect((await apply(buyer, sessionCode.code)).statusCode).toBe(200);
    const placed = await Promise.all(more.map((buyer) => placeSession(buyer)));
    expect(placed.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    await pay(t, sessionOf(placed.find((answer) => answer.statusCode === 200)!));
    expect(await usesOf(sessionCode.id)).toEqual({ used: 1, reserved: 0 });
  });
});

// Last: once a zone exists, every checkout needs a shipping rate.
describe('a code with shipping', () => {
  it('free_over is judged on the subtotal after the discount', async () => {
    const zone = await bo('POST', '/shipping-zones/', {
      name: 'Iberia',
      countries: ['PT'],
      rates: [{ name: 'Post', price: '4.90', free_over: '50.00' }],
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const rate = (zone.json() as { rates: { id: number }[] }).rates[0]!.id;
    const customer = await customerWithCart('30.00', 2);
    const query = `?country=PT&shipping_rate_id=${rate}`;
    expect((await cartOf(customer, query)).json()).toMatchObject({ total: 60, shipping_total: 0, grand_total: 61.2 });
    expect((await apply(customer, (await newDiscount({ value: '20' })).code)).statusCode).toBe(200);
    // 60.00 − 12.00 = 48.00, under 50.00: shipping is charged; tax 2% of 48.00 = 0.96.
    expect((await cartOf(customer, query)).json()).toMatchObject({
      total: 60,
      discount: { amount: 12 },
      tax: 0.96,
      shipping_total: 4.9,
      grand_total: 53.86,
    });
    const options = await t.app.inject({
      method: 'GET',
      url: '/taberna-cart/api/shipping-options/?country=PT',
      headers: customer.headers,
    });
    expect(options.json()).toEqual([{ id: rate, name: 'Post', price: '4.90' }]);
    // The order is priced the same way at placement: the rate judged on 48.00, not on 60.00.
    const placed = await placeCharge(customer, { shipping_rate_id: rate });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as { order: object }).order).toMatchObject({
      total: 60,
      discount: { amount: 12 },
      tax: 0.96,
      shipping_total: 4.9,
      grand_total: 53.86,
    });
  });
});
