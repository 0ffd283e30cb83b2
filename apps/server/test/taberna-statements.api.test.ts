import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { shopLogin } from './support/taberna.js';

/**
 * Issue 12: what the shop's reads cost the database, in statements per request, with the public
 * cache off (it would answer repeats without any). Fixed numbers: no statement per product.
 */
let t: TestApp;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', PUBLIC_CACHE: 'off' }, () => {}, { onQuery: () => void (statements += 1) });
}, 180_000);
afterAll(() => t.close());

async function statementsFor(url: string, headers: Record<string, string> = {}) {
  statements = 0;
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  return { statements, body: response.json() as Record<string, unknown> };
}

describe('statements per shop read', () => {
  it('a product page: the product with its pictures, rating, reviews and choices, then the related products with theirs', async () => {
    const url = '/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt/';
    const anonymous = await statementsFor(url);
    expect((anonymous.body.related_products as unknown[]).length).toBeGreaterThan(0);
    expect(((anonymous.body.product as { productgallery: unknown[] }).productgallery ?? []).length).toBeGreaterThan(0);
    expect((anonymous.body.reviews as unknown[]).length).toBeGreaterThan(0);
    const variations = anonymous.body.variations as { colors: unknown[]; sizes: unknown[] };
    expect(variations.colors.length + variations.sizes.length).toBeGreaterThan(0);
    // Issue 12: at most 3 statements; anonymous: the product with all it shows, and the related products.
    expect(anonymous.statements).toBe(2);
    // Logged in: the session check too (whether the caller may review it is read with the product).
    const { access } = await shopLogin(t.app, { email: 'alice@example.com', password: 'portal-demo-2026' });
    const loggedIn = await statementsFor(url, { authorization: `Bearer ${access}` });
    expect(loggedIn.statements).toBe(3);
    expect({ ...loggedIn.body, can_review: false }).toEqual(anonymous.body);
  });

  it('lists of products: their pictures and ratings in one statement for the whole list', async () => {
    expect((await statementsFor('/taberna-store/api/v1/latest-products/')).statements).toBe(2);
  });
});
