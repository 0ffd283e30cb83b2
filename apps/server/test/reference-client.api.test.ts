import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerActivated } from './support/accounts.js';
import { picture, post, socialUser, type SocialUser } from './support/social.js';
import { addToCart, createProduct, newCustomer } from './support/taberna.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

// Issue 14, "the reference client works unchanged": D1 and D2 here; D3 in ai-lab-realtime.api.test.ts,
// D4 (password change answers) in social-profiles.api.test.ts. Issue 25: D5 here.

let t: TestApp;
let ana: SocialUser;
beforeAll(async () => {
  t = await createTestApp();
  ana = await socialUser(t);
}, 400_000);
afterAll(() => t.close());

describe('D1: media load in pages of other origins (contract §1.x)', () => {
  it('media answer Cross-Origin-Resource-Policy: cross-origin; the API keeps same-site', async () => {
    const created = await post(t, ana, 'With a picture', { images: [await picture()] });
    const media = new URL(created.attachments[0]!.image_url);
    expect(media.pathname).toMatch(/^\/static\/media\//);
    const file = await t.app.inject({ method: 'GET', url: media.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const missing = await t.app.inject({ method: 'GET', url: '/static/media/social/posts/none.jpg' });
    expect(missing.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const api = await t.app.inject({ method: 'GET', url: '/api/social-profiles/me/', headers: ana.headers });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-site');
    const page = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-site');
  });
});

describe('D2: /api/social-profiles/api/v1/token/ (contract §3.6a)', () => {
  const both = (payload: object) =>
    Promise.all(
      ['/api/v1/token/', '/api/social-profiles/api/v1/token/'].map((url) => t.app.inject({ method: 'POST', url, payload })),
    );

  it('logs in like /api/v1/token/, ignoring the client’s extra fields', async () => {
    const { person } = await registerActivated(t.app, t.mail);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/social-profiles/api/v1/token/',
      payload: { email: person.email, password: person.password, activeApp: 'social', login_source: 'social' },
    });
    expect(response.statusCode).toBe(200);
    const tokens = json(response) as { access: string; refresh: string };
    expect(Object.keys(tokens).sort()).toEqual(['access', 'refresh']);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/social-profiles/me/',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers failures byte for byte as /api/v1/token/ does', async () => {
    for (const payload of [
      { email: 'nobody@example.com', password: 'wrong-password' },
      { email: ana.person.email, password: 'wrong-password' },
      {},
      { email: '', password: '' },
    ]) {
      const [plain, alias] = await both(payload);
      expect(alias!.statusCode, JSON.stringify(payload)).toBe(plain!.statusCode);
      expect(alias!.body).toBe(plain!.body);
    }
  });
});

describe("D5: the reference client's checkout (contract §8.10: phone ≤ 15 characters, free-text country)", () => {
  it('places an order with a local number and a country written the way its users write it', async () => {
    const product = await createProduct(t.database.db, { price: '12.00', stock: 5 });
    const buyer = await newCustomer(t.app, t.mail);
    expect((await addToCart(t.app, product.id, {}, buyer.headers)).statusCode).toBe(200);
    // Exactly the form the reference client sends: every key, nothing more.
    const billing = {
      first_name: 'Sam',
      last_name: 'Reed',
      phone: '5551234',
      email: buyer.person.email,
      address_line_1: '1 Market Street',
      address_line_2: '',
      country: 'USA',
      state: 'CA',
      city: 'San Francisco',
      order_note: '',
      stripe_token: null,
    };
    const placed = await t.app.inject({
      method: 'POST',
      url: '/taberna-orders/api/v1/place_order_stripe_session/',
      headers: { ...buyer.headers, origin: 'http://portal.test' },
      payload: billing,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(Object.keys(json(placed))).toEqual(['checkout_url']);
    const session = String(json(placed).checkout_url).split('/').at(-1)!;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/taberna-orders/test-checkout/api/${session}/pay/`,
      payload: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Sam Reed' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orders = await t.app.inject({ method: 'GET', url: '/taberna-profiles/api/v1/orders/', headers: buyer.headers });
    const [order] = json(orders) as unknown as { phone: string; country: string }[];
    // The contract's fields keep what the client sent.
    expect(order).toMatchObject({ phone: '5551234', country: 'USA' });
  });
});
