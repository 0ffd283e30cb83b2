import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice, member, newestOrderId, type Member } from './support/backoffice.js';
import { addToCart, BILLING, createProduct, stockOf, type FixtureProduct } from './support/taberna.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

// Issue 25: phone numbers as people write them, postal addresses, a different delivery address, the countries list.
let t: TestApp;
let staff: Member;
let product: FixtureProduct;

beforeAll(async () => {
  t = await createTestApp();
  staff = await member(t, 'staff');
  product = await createProduct(t.database.db, { name: 'Kettle', price: '30.00', stock: 100 });
});
afterAll(() => t.close());

const BILLING_URL = '/taberna-profiles/api/v1/billing/';
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function customerWithCart(): Promise<Member> {
  const customer = await member(t);
  expect((await addToCart(t.app, product.id, {}, customer.headers)).statusCode).toBe(200);
  return customer;
}

const place = (who: Member, billing: object) =>
  t.app.inject({
    method: 'POST',
    url: '/taberna-orders/api/v1/place_order_stripe_session/',
    headers: who.headers,
    payload: { ...BILLING, email: who.person.email, ...billing },
  });

async function boOrderOf(who: Member) {
  return json(await backoffice(t, staff)('GET', `/orders/${await newestOrderId(t, staff, who)}/`));
}

describe('phone numbers as people write them, read with the country of the order', () => {
  it.each([
    ['912 345 678', 'Portugal', '+351912345678'],
    ['(415) 555-0100', 'US', '+14155550100'],
    ['(415) 555-0100', 'United States', '+14155550100'],
    ['020 7946 0958', 'UK', '+442079460958'],
  ])('%s in %s is stored as %s', async (phone, country, stored) => {
    const buyer = await customerWithCart();
    const placed = await place(buyer, { phone, country, postal_code: '' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(json(await get(BILLING_URL, buyer.headers)).phone).toBe(stored);
    expect(await boOrderOf(buyer)).toMatchObject({ phone: stored, phone_verified: true });
  });

  it('keeps a number it cannot verify as typed, marked unverified for staff', async () => {
    const buyer = await customerWithCart();
    const placed = await place(buyer, { phone: '5551234', country: 'USA', postal_code: '' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await boOrderOf(buyer)).toMatchObject({ phone: '5551234', phone_verified: false, country_code: 'US' });
  });

  it('refuses what is no phone at all, with an example as that country writes one, and places nothing', async () => {
    const buyer = await customerWithCart();
    const stock = await stockOf(t.database.db, product.id);
    const refused = await place(buyer, { phone: 'call me', country: 'United States', postal_code: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { phone: ['Enter a phone number such as (201) 555-0123 or +1 201 555 0123.'] } });
    const unknown = await place(buyer, { phone: 'call me', country: 'Atlantis', postal_code: '' });
    expect(unknown.json()).toEqual({
      errors: { phone: ['Enter a phone number: digits, spaces and + - ( ) . only, with its country code if you can.'] },
    });
    expect(await stockOf(t.database.db, product.id)).toBe(stock);
    expect(json(await get(BILLING_URL, buyer.headers)).phone).toBe('');
  });
});

describe('postal addresses', () => {
  it('checks the postcode with the country pattern; a country without one takes any', async () => {
    const buyer = await customerWithCart();
    const wrong = await place(buyer, { country: 'PT', postal_code: '11000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { postal_code: ['This is not a postcode of Portugal.'] } });
    const delivery = { ...BILLING, postal_code: 'nope', country: 'Spain', phone: '' };
    const wrongDelivery = await place(buyer, { postal_code: '1100-148', shipping_address: delivery });
    expect(wrongDelivery.json()).toEqual({
      errors: { shipping_address: ['Delivery address: This is not a postcode of Spain.'] },
    });
    const missing = await place(buyer, { shipping_address: { ...delivery, city: '' } });
    expect(missing.json()).toEqual({ errors: { shipping_address: ['Delivery address: enter the city.'] } });
    const elsewhere = await place(buyer, { country: 'Atlantis', postal_code: 'AT-1' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(await boOrderOf(buyer)).toMatchObject({ country_code: null, postal_code: 'AT-1' });
  });

  it('ships to a different delivery address: on the order, for staff, in the email, and remembered', async () => {
    const buyer = await customerWithCart();
    const delivery = {
      first_name: 'Rui',
      last_name: 'Lima',
      address_line_1: 'Calle Mayor 1',
      address_line_2: '',
      postal_code: '28013',
      city: 'Madrid',
      state: '',
      country: 'Spain',
      phone: '612 345 678',
    };
    const placed = await place(buyer, { postal_code: '1100-148', shipping_address: delivery });
    expect(placed.statusCode, placed.body).toBe(200);
    const session = String(json(placed).checkout_url).split('/').at(-1)!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/taberna-orders/test-checkout/api/${session}/pay/`,
      payload: { card_number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Rosa Tester' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const shipTo = { ...delivery, country_code: 'ES', phone: '+34 612 34 56 78' };
    const [order] = json(await get('/taberna-profiles/api/v1/orders/', buyer.headers)) as unknown as object[];
    expect(order).toMatchObject({ postal_code: '1100-148', country: 'Portugal', country_code: 'PT', shipping_address: shipTo });
    expect(json(await get(BILLING_URL, buyer.headers))).toMatchObject({
      postal_code: '1100-148',
      country_code: 'PT',
      shipping_address: shipTo,
    });
    const forStaff = await boOrderOf(buyer);
    expect(forStaff.address).toBe('1 Main Street\n1100-148 Lisbon\nLisbon\nPortugal');
    expect(forStaff.shipping_address).toBe('Rui Lima\nCalle Mayor 1\n28013 Madrid\nSpain\n+34 612 34 56 78');
    const receipt = t.mail.sent.find((mail) => mail.to === buyer.person.email && mail.subject.includes('is confirmed'))!;
    expect(receipt.text).toContain('Shipping to:\nRui Lima\nCalle Mayor 1\n28013 Madrid, Spain\n');
  });
});

describe('GET /api/v1/countries/', () => {
  it('lists every ISO 3166-1 country with its calling code and whether it uses postcodes, for anyone', async () => {
    const answer = await get('/api/v1/countries/');
    expect(answer.statusCode).toBe(200);
    const countries = answer.json() as {
      code: string;
      name: string;
      calling_code: string | null;
      postal_code_required: boolean;
    }[];
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    expect(countries.find((c) => c.code === 'PT')).toEqual({
      code: 'PT',
      name: 'Portugal',
      calling_code: '351',
      postal_code_required: true,
    });
    expect(countries.find((c) => c.code === 'US')).toMatchObject({ name: 'United States', calling_code: '1' });
    expect(countries.find((c) => c.code === 'HK')).toMatchObject({ postal_code_required: false });
    expect(countries.find((c) => c.code === 'AQ')).toMatchObject({ calling_code: null });
    const names = countries.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
