import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaOrders, tabernaShippingZones } from '../src/db/schema/index.js';
import { auditRows, backoffice, member, newestOrderId, pay, type Member } from './support/backoffice.js';
import { addToCart, BILLING, createProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 28, points 1 and 2: shipping zones and rates, tax rates by country, and what checkout makes of them. */
let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
});
afterAll(() => t.close());

interface Zone {
  id: number;
  name: string;
  countries: string[];
  rest_of_world: boolean;
  rates: { id: number; name: string; price: string; free_over: string | null }[];
}

const FRANCE = {
  first_name: 'Rui',
  last_name: 'Lima',
  address_line_1: '9 Rue de Rivoli',
  postal_code: '75001',
  city: 'Paris',
  country: 'France',
};

const auditOf = async (target: string) => (await auditRows(bo, target)).map((row) => row.action);

const get = (url: string, who?: Member) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const optionsFor = async (country: string, who?: Member) => {
  const answer = await get(`/taberna-cart/api/shipping-options/?country=${country}`, who);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { id: number; name: string; price: string }[];
};
const checkout = (who: Member, billing: object) =>
  t.app.inject({
    method: 'POST',
    url: '/taberna-orders/api/v1/place_order_stripe_session/',
    headers: who.headers,
    payload: { ...BILLING, email: who.person.email, ...billing },
  });
const ordersCount = async () => (await t.database.db.select({ n: count() }).from(tabernaOrders))[0]!.n;

/** A customer with `quantity` of a product of this price in their cart. */
async function customerWithCart(price: string, quantity = 1): Promise<Member> {
  const product = await createProduct(t.database.db, { price, stock: 20 });
  const customer = await member(t);
  for (let i = 0; i < quantity; i += 1) expect((await addToCart(t.app, product.id, {}, customer.headers)).statusCode).toBe(200);
  return customer;
}

describe('without zones or tax rates (the contract as it was)', () => {
  it('answers carts, options and orders without shipping keys, taxed at TAX_RATE, and checkout needs no choice', async () => {
    const customer = await customerWithCart('20.00', 2);
    const cart = (await get('/taberna-cart/api/cart/', customer)).json() as Record<string, unknown>;
    expect(Object.keys(cart).sort()).toEqual(['cart_items', 'grand_total', 'quantity', 'tax', 'total']);
    expect(cart).toMatchObject({ total: 40, tax: 0.8, grand_total: 40.8 });
    expect((await get('/taberna-cart/api/cart/?country=PT', customer)).json()).toMatchObject({ tax: 0.8, grand_total: 40.8 });
    expect(await optionsFor('PT', customer)).toEqual([]);

    const placed = await checkout(customer, {});
    expect(placed.statusCode, placed.body).toBe(200);
    await pay(t, String(placed.json().checkout_url).split('/').at(-1)!);
    const [order] = (await get('/taberna-profiles/api/v1/orders/', customer)).json() as Record<string, unknown>[];
    expect(order).toMatchObject({ order_total: 40.8, tax: 0.8 });
    expect(order).not.toHaveProperty('shipping_total');
    expect(order).not.toHaveProperty('shipping_method');
    const boOrder = (await bo('GET', `/orders/${await newestOrderId(t, staff, customer)}/`)).json() as Record<string, unknown>;
    expect(boOrder).toMatchObject({ shipping_method: null, shipping_total: '0.00', order_total: '40.80' });
  });
});

describe('back-office shipping zones and tax rates', () => {
  it('are for staff only: 401 without a token, 403 for a customer', async () => {
    const customer = await member(t);
    for (const path of ['/shipping-zones/', '/tax-rates/']) {
      expect((await backoffice(t, null)('GET', path)).statusCode).toBe(401);
      expect((await backoffice(t, customer)('GET', path)).statusCode).toBe(403);
      expect((await backoffice(t, customer)('POST', path, { name: 'X', country: 'PT', rate: '1' })).statusCode).toBe(403);
      expect((await bo('GET', path)).statusCode).toBe(200);
    }
    expect(await t.database.db.select().from(tabernaShippingZones)).toEqual([]);
  });

  it('create, edit and delete a zone, audited; refuse bad input with 400 and change nothing', async () => {
    const created = await bo('POST', '/shipping-zones/', {
      name: 'Scandinavia',
      countries: ['se', 'NO', 'SE'],
      rates: [{ name: 'Post', price: '7.5', free_over: null }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const zone = created.json() as Zone;
    expect(zone).toMatchObject({ name: 'Scandinavia', countries: ['NO', 'SE'], rest_of_world: false });
    expect(zone.rates).toEqual([{ id: expect.any(Number), name: 'Post', price: '7.50', free_over: null }]);

    const bad: [object, string][] = [
      [{ name: 'Z', countries: ['ZZ'], rates: [{ name: 'A', price: '1' }] }, 'countries'],
      [{ name: 'Z', countries: ['Portugal'], rates: [{ name: 'A', price: '1' }] }, 'countries'],
      [{ name: 'Z', countries: ['DK'], rates: [] }, 'rates'],
      [{ name: 'Z', countries: ['DK'], rates: [{ name: 'A', price: '4.9.0' }] }, 'rates'],
      [{ name: 'Z', countries: ['DK'], rates: [{ name: 'A', price: '1', free_over: '-3' }] }, 'rates'],
      [{ name: '', countries: ['DK'], rates: [{ name: 'A', price: '1' }] }, 'name'],
      [{ name: 'Z', countries: ['DK', 'SE'], rates: [{ name: 'A', price: '1' }] }, 'countries'],
      [{ name: 'Z', countries: ['DK'], rest_of_world: true, rates: [{ name: 'A', price: '1' }] }, 'countries'],
      [{ name: 'Z', countries: ['DK'], rates: [{ id: zone.rates[0]!.id, name: 'A', price: '1' }] }, 'rates'],
    ];
    for (const [body, field] of bad) {
      const refused = await bo('POST', '/shipping-zones/', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json() as object), JSON.stringify(body)).toContain(field);
    }
    expect(((await bo('POST', '/shipping-zones/', bad[6]![0])).json() as Record<string, string[]>).countries).toEqual([
      'Sweden (SE) is already in the zone Scandinavia.',
    ]);
    expect((await bo('GET', '/shipping-zones/')).json()).toEqual([zone]);

    const edited = await bo('PATCH', `/shipping-zones/${zone.id}/`, {
      name: 'Nordics',
      countries: ['NO', 'SE', 'DK'],
      rates: [
        { id: zone.rates[0]!.id, name: 'Post', price: '6.00', free_over: '80' },
        { name: 'Courier', price: '15.00' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Nordics',
      countries: ['DK', 'NO', 'SE'],
      rates: [
        { id: zone.rates[0]!.id, name: 'Post', price: '6.00', free_over: '80.00' },
        { name: 'Courier', price: '15.00', free_over: null },
      ],
    });
    expect((await bo('PATCH', `/shipping-zones/${zone.id}/`, { countries: ['XX'] })).statusCode).toBe(400);
    expect((await bo('PATCH', '/shipping-zones/999999/', { name: 'Gone' })).statusCode).toBe(404);
    expect((await bo('GET', '/shipping-zones/')).json()).toEqual([edited.json()]);

    expect((await bo('DELETE', `/shipping-zones/${zone.id}/`)).statusCode).toBe(204);
    expect((await bo('DELETE', `/shipping-zones/${zone.id}/`)).statusCode).toBe(404);
    expect((await bo('GET', '/shipping-zones/')).json()).toEqual([]);
    expect(await auditOf(`shipping_zone:${zone.id}`)).toEqual([
      'shipping_zone.delete',
      'shipping_zone.update',
      'shipping_zone.create',
    ]);
  });

  it('keep one rest of the world at most', async () => {
    const rest = await bo('POST', '/shipping-zones/', { name: 'World', countries: [], rates: [{ name: 'Air', price: '20' }] });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ rest_of_world: true, countries: [] });
    const second = await bo('POST', '/shipping-zones/', {
      name: 'Elsewhere',
      rest_of_world: true,
      rates: [{ name: 'A', price: '1' }],
    });
    expect(second.statusCode).toBe(400);
    expect((second.json() as Record<string, string[]>).countries).toEqual([
      'The zone World is already the rest of the world: list countries.',
    ]);
    expect((await bo('DELETE', `/shipping-zones/${(rest.json() as Zone).id}/`)).statusCode).toBe(204);
  });

  it('create, edit and delete a tax rate, one per country, audited; refuse bad input with 400', async () => {
    const created = await bo('POST', '/tax-rates/', { country: 'de', name: 'MwSt', rate: '19' });
    expect(created.statusCode, created.body).toBe(201);
    const rate = created.json() as { id: number };
    expect(rate).toEqual({ id: expect.any(Number), country: 'DE', name: 'MwSt', rate: '19.00' });
    const bad: [object, string][] = [
      [{ country: 'DE', name: 'Again', rate: '7' }, 'country'],
      [{ country: 'ZZ', name: 'Nowhere', rate: '7' }, 'country'],
      [{ country: 'AT', name: 'USt', rate: '100.01' }, 'rate'],
      [{ country: 'AT', name: 'USt', rate: '7%' }, 'rate'],
      [{ country: 'AT', name: 'USt' }, 'rate'],
      [{ country: 'AT', name: ' ', rate: '20' }, 'name'],
    ];
    for (const [body, field] of bad) {
      const refused = await bo('POST', '/tax-rates/', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refused.json() as object), JSON.stringify(body)).toContain(field);
    }
    expect((await bo('GET', '/tax-rates/')).json()).toEqual([created.json()]);

    const edited = await bo('PATCH', `/tax-rates/${rate.id}/`, { rate: '7.25', name: 'MwSt reduced' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ id: rate.id, country: 'DE', name: 'MwSt reduced', rate: '7.25' });
    const other = (await bo('POST', '/tax-rates/', { country: 'AT', name: 'USt', rate: '20' })).json() as { id: number };
    expect((await bo('PATCH', `/tax-rates/${other.id}/`, { country: 'DE' })).statusCode).toBe(400);
    expect((await bo('PATCH', '/tax-rates/999999/', { rate: '1' })).statusCode).toBe(404);
    expect((await bo('DELETE', `/tax-rates/${rate.id}/`)).statusCode).toBe(204);
    expect((await bo('DELETE', `/tax-rates/${other.id}/`)).statusCode).toBe(204);
    expect((await bo('GET', '/tax-rates/')).json()).toEqual([]);
    expect(await auditOf(`tax_rate:${rate.id}`)).toEqual(['tax_rate.delete', 'tax_rate.update', 'tax_rate.create']);
  });
});

describe('shipping and tax at checkout', () => {
  let iberia: Zone;
  let world: Zone;

  beforeAll(async () => {
    iberia = (
      await bo('POST', '/shipping-zones/', {
        name: 'Iberia',
        countries: ['PT', 'ES'],
        rates: [
          { name: 'Standard', price: '4.90', free_over: '50.00' },
          { name: 'Express', price: '9.90', free_over: null },
        ],
      })
    ).json() as Zone;
    expect((await bo('POST', '/tax-rates/', { country: 'PT', name: 'IVA', rate: '23.00' })).statusCode).toBe(201);
  });

  it("offers the delivery country's zone rates, free at or above free_over, none where the shop does not ship", async () => {
    const [standard, express] = iberia.rates;
    expect(await optionsFor('pt')).toEqual([
      { id: standard!.id, name: 'Standard', price: '4.90' },
      { id: express!.id, name: 'Express', price: '9.90' },
    ]);
    const big = await customerWithCart('25.00', 2);
    expect(await optionsFor('ES', big)).toEqual([
      { id: standard!.id, name: 'Standard', price: '0.00' },
      { id: express!.id, name: 'Express', price: '9.90' },
    ]);
    const small = await customerWithCart('49.99');
    expect((await optionsFor('ES', small))[0]!.price).toBe('4.90');
    expect(await optionsFor('FR')).toEqual([]);
    for (const query of ['country=ZZ', 'country=Portugal', '']) {
      const refused = await get(`/taberna-cart/api/shipping-options/?${query}`);
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it("prices the cart with the delivery country's tax (else TAX_RATE) and the chosen rate", async () => {
    const customer = await customerWithCart('20.00', 2);
    const cart = (query: string) => get(`/taberna-cart/api/cart/?${query}`, customer);
    expect((await cart('country=PT')).json()).toMatchObject({ total: 40, tax: 9.2, grand_total: 49.2 });
    expect((await cart('country=FR')).json()).toMatchObject({ total: 40, tax: 0.8, grand_total: 40.8 });
    const shipped = (await cart(`country=PT&shipping_rate_id=${iberia.rates[0]!.id}`)).json() as Record<string, unknown>;
    expect(shipped).toMatchObject({ total: 40, tax: 9.2, shipping_total: 4.9, grand_total: 54.1 });
    expect((await cart(`country=FR&shipping_rate_id=${iberia.rates[0]!.id}`)).statusCode).toBe(400);
    expect((await cart(`shipping_rate_id=${iberia.rates[0]!.id}`)).statusCode).toBe(400);
    expect((await cart('country=ZZ')).statusCode).toBe(400);
  });

  it('places an order with the chosen rate: totals computed on the server, stored and answered', async () => {
    const customer = await customerWithCart('20.00', 2);
    const placed = await checkout(customer, { shipping_rate_id: iberia.rates[1]!.id, order_total: 1, shipping_total: 0 });
    expect(placed.statusCode, placed.body).toBe(200);
    const sessionId = String(placed.json().checkout_url).split('/').at(-1)!;
    const session = (await get(`/taberna-orders/test-checkout/api/${sessionId}/`)).json() as {
      amount: string;
      lines: { name: string }[];
    };
    expect(session.amount).toBe('59.10');
    expect(session.lines.map((line) => line.name)).toContain('Shipping: Express');
    await pay(t, sessionId);

    const [order] = (await get('/taberna-profiles/api/v1/orders/', customer)).json() as Record<string, unknown>[];
    expect(order).toMatchObject({ order_total: 59.1, tax: 9.2, shipping_total: 9.9, shipping_method: 'Express' });
    const [row] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.email, customer.person.email));
    expect(row).toMatchObject({
      subtotal: '40.00',
      tax: '9.20',
      shippingTotal: '9.90',
      shippingMethod: 'Express',
      orderTotal: '59.10',
    });
    const boOrder = (await bo('GET', `/orders/${row!.id}/`)).json() as Record<string, unknown>;
    expect(boOrder).toMatchObject({ shipping_method: 'Express', shipping_total: '9.90', tax: '9.20', order_total: '59.10' });
    const receipt = t.mail.sent.find((mail) => mail.to === customer.person.email && mail.subject.includes('is confirmed'));
    expect(receipt?.text).toMatch(/Shipping \(Express\) +\$9\.90/);
  });

  it('charges the rate nothing at or above free_over, and taxes by the delivery address', async () => {
    const customer = await customerWithCart('30.00', 2);
    const placed = await checkout(customer, {
      shipping_rate_id: iberia.rates[0]!.id,
      shipping_address: { ...FRANCE, country: 'Spain', postal_code: '28001', city: 'Madrid' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.email, customer.person.email));
    // Spain has no tax rate of its own: TAX_RATE (2%); Standard is free over 50.00.
    expect(row).toMatchObject({
      deliveryCountryCode: 'ES',
      tax: '1.20',
      shippingTotal: '0.00',
      shippingMethod: 'Standard',
      orderTotal: '61.20',
    });
  });

  it('refuses a rate not offered for the delivery country, or none where the shop ships, with 400 and writes nothing', async () => {
    const customer = await customerWithCart('20.00');
    const earlier = await checkout(customer, { shipping_rate_id: iberia.rates[0]!.id });
    expect(earlier.statusCode).toBe(200);
    const before = await ordersCount();
    const cases: [object, string][] = [
      [{ shipping_rate_id: iberia.rates[0]!.id, shipping_address: FRANCE }, 'This shipping option is not offered'],
      [{ shipping_address: FRANCE }, 'The shop does not ship to France.'],
      [{}, 'Choose a shipping option.'],
      [{ shipping_rate_id: 2_000_000 }, 'This shipping option is not offered'],
    ];
    for (const [billing, message] of cases) {
      const refused = await checkout(customer, billing);
      expect(refused.statusCode, JSON.stringify(billing)).toBe(400);
      expect((refused.json() as { errors: Record<string, string[]> }).errors.shipping_rate_id![0]).toContain(message);
    }
    expect((await checkout(customer, { shipping_rate_id: 'fast' })).statusCode).toBe(400);
    expect(await ordersCount()).toBe(before);
    const [row] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.email, customer.person.email));
    expect(row!.paymentState).toBe('pending');
  });

  it('ships everywhere else at the rest of the world rate once there is one', async () => {
    world = (
      await bo('POST', '/shipping-zones/', {
        name: 'World',
        countries: [],
        rates: [{ name: 'Air mail', price: '12.00', free_over: '100' }],
      })
    ).json() as Zone;
    expect(await optionsFor('FR')).toEqual([{ id: world.rates[0]!.id, name: 'Air mail', price: '12.00' }]);
    expect((await optionsFor('PT')).map((option) => option.name)).toEqual(['Standard', 'Express']);
    const customer = await customerWithCart('10.00');
    const placed = await checkout(customer, { shipping_rate_id: world.rates[0]!.id, shipping_address: FRANCE });
    expect(placed.statusCode, placed.body).toBe(200);
    const [row] = await t.database.db.select().from(tabernaOrders).where(eq(tabernaOrders.email, customer.person.email));
    expect(row).toMatchObject({ tax: '0.20', shippingTotal: '12.00', orderTotal: '22.20' });
  });
});
