import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addToCart, shopLogin } from './support/taberna.js';

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

  it('a cart: the session check, its lines (the cart found in the same statement), then their products and choices', async () => {
    const url = '/taberna-cart/api/cart/';
    const detail = (await statementsFor('/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt/')).body as {
      product: { id: number };
      variations: { colors: { variation_value: string }[]; sizes: { variation_value: string }[] };
    };
    const choice = { color: detail.variations.colors[0]!.variation_value, size: detail.variations.sizes[0]!.variation_value };
    // No cart at all: nothing to read.
    expect((await statementsFor(url)).statements).toBe(0);

    // A guest cart: the lines, then the products (with pictures and ratings) and the variations.
    const guest = (await addToCart(t.app, detail.product.id, choice)).json() as { cart_id: string };
    const guestCart = await statementsFor(`${url}?cart_id=${encodeURIComponent(guest.cart_id)}`);
    expect((guestCart.body.cart_items as unknown[]).length).toBe(1);
    expect(guestCart.statements).toBe(3);
    // A cart id nobody holds: the one statement finds no lines.
    expect((await statementsFor(`${url}?cart_id=nobody-holds-this`)).statements).toBe(1);

    // A customer: the session check and the lines (an empty cart: nothing more).
    const { access } = await shopLogin(t.app, { email: 'bruno@example.com', password: 'portal-demo-2026' });
    const headers = { authorization: `Bearer ${access}` };
    const empty = await statementsFor(url, headers);
    expect(empty.body.cart_items).toEqual([]);
    expect(empty.statements).toBe(2);
    expect((await addToCart(t.app, detail.product.id, choice, headers)).statusCode).toBe(200);
    const full = await statementsFor(url, headers);
    const [line] = full.body.cart_items as { product: { id: number; productgallery: unknown[] }; variations: unknown[] }[];
    expect(line!.product.id).toBe(detail.product.id);
    expect(line!.product.productgallery.length).toBeGreaterThan(0);
    expect(line!.variations).toHaveLength(2);
    expect(full.statements).toBe(4);
  });
});
