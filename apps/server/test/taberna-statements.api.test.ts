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
  it('a product page: the product, related products and their pictures and ratings, reviews, choices', async () => {
    const url = '/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt/';
    const anonymous = await statementsFor(url);
    expect((anonymous.body.related_products as unknown[]).length).toBeGreaterThan(0);
    expect(((anonymous.body.product as { productgallery: unknown[] }).productgallery ?? []).length).toBeGreaterThan(0);
    expect(anonymous.statements).toBe(6);
    // Logged in: the session check, and whether the caller bought it (may review).
    const { access } = await shopLogin(t.app, { email: 'alice@example.com', password: 'portal-demo-2026' });
    expect((await statementsFor(url, { authorization: `Bearer ${access}` })).statements).toBe(8);
  });

  it('lists of products: their pictures and ratings in one statement for the whole list', async () => {
    expect((await statementsFor('/taberna-store/api/v1/latest-products/')).statements).toBe(2);
  });
});
