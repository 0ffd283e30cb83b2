import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addToCart, cartOf, createProduct, newCustomer, shopLogin, type FixtureProduct } from './support/taberna.js';
import { PURGE_CARTS_JOB } from '../src/taberna/taberna.plugin.js';

let t: TestApp;
let shirt: FixtureProduct;
let mug: FixtureProduct;
beforeAll(async () => {
  t = await createTestApp({ TAX_RATE: '0.02', GUEST_CART_TTL: '1s' });
  shirt = await createProduct(t.database.db, {
    name: 'Shirt',
    price: '19.99',
    // Five of each colour and size (issue 25: stock is per variant).
    stock: 20,
    colors: ['Red', 'Blue'],
    sizes: ['S', 'M'],
  });
  mug = await createProduct(t.database.db, { name: 'Mug', price: '7.50', stock: 2 });
});
afterAll(() => t.close());

const remove = (kind: 'cart-remove' | 'cart-item-remove', productId: number, itemId: number, query = '', headers = {}) =>
  t.app.inject({ method: 'DELETE', url: `/taberna-cart/api/${kind}/${productId}/${itemId}/${query}`, headers });

describe('guest cart', () => {
  it('starts empty, with or without an unknown cart id', async () => {
    const empty = { total: 0, quantity: 0, tax: 0, grand_total: 0, cart_items: [] };
    expect(await cartOf(t.app)).toEqual(empty);
    expect(await cartOf(t.app, { cartId: 'no-such-cart' })).toEqual(empty);
    expect(await cartOf(t.app, { cartId: '42' })).toEqual(empty);
  });

  it('adds under a new unguessable cart id; the same choice increments, another makes a new line', async () => {
    const first = await addToCart(t.app, shirt.id, { color: 'red', size: 'M' });
    expect(first.statusCode).toBe(200);
    const { cart_id: cartId, message } = first.json() as { cart_id: string; message: string };
    expect(message).toBe('Product added to cart successfully');
    expect(cartId).toMatch(/^[A-Za-z0-9_-]{32}$/);

    await addToCart(t.app, shirt.id, { color: 'Red', size: 'm', cart_id: cartId });
    await addToCart(t.app, shirt.id, { color: 'Blue', size: 'S', cart_id: cartId });
    await addToCart(t.app, mug.id, { cart_id: cartId });
    const cart = await cartOf(t.app, { cartId });
    expect(cart.quantity).toBe(4);
    expect(cart.cart_items).toHaveLength(3);
    const redM = cart.cart_items.find((item) => item.variations.some((v) => v.variation_value === 'Red'))!;
    expect(redM.quantity).toBe(2);
    expect(redM.variations.map((v) => [v.variation_category, v.variation_value])).toEqual([
      ['color', 'Red'],
      ['size', 'M'],
    ]);
    expect(redM.sub_total).toBe(39.98);
    // 3 × 19.99 + 7.50 = 67.47; tax 2% = 1.3494 → 1.35.
    expect(cart).toMatchObject({ total: 67.47, tax: 1.35, grand_total: 68.82 });
    expect(cart.cart_items[0]!.product.price).toBe('7.50');
  });

  it('needs a valid colour and size for a product that has them (400, nothing added)', async () => {
    const { cart_id: cartId } = (await addToCart(t.app, mug.id)).json() as { cart_id: string };
    const cases = [
      [{}, 'Choose a colour for Shirt: Red or Blue.'],
      [{ color: 'Red' }, 'Choose a size for Shirt: S or M.'],
      [{ color: 'Green', size: 'S' }, 'Shirt does not come in colour "Green". Choose Red or Blue.'],
      [{ color: 'Red', size: 'XXL' }, 'Shirt does not come in size "XXL". Choose S or M.'],
    ] as const;
    for (const [choice, error] of cases) {
      const response = await addToCart(t.app, shirt.id, { ...choice, cart_id: cartId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect((await cartOf(t.app, { cartId })).quantity).toBe(1);
    const badType = await t.app.inject({
      method: 'POST',
      url: `/taberna-cart/api/add-to-cart/${shirt.id}/`,
      payload: { color: 5 },
    });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json() as object)).toEqual(['error']);
  });

  it('never holds more than the stock (409 with a clear message)', async () => {
    const { cart_id: cartId } = (await addToCart(t.app, mug.id)).json() as { cart_id: string };
    expect((await addToCart(t.app, mug.id, { cart_id: cartId })).statusCode).toBe(200);
    const third = await addToCart(t.app, mug.id, { cart_id: cartId });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: 'Only 2 of Mug are in stock, and your cart already has 2.' });
    expect((await cartOf(t.app, { cartId })).quantity).toBe(2);
    const soldOut = await createProduct(t.database.db, { name: 'Rare', stock: 0 });
    const none = await addToCart(t.app, soldOut.id);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'Rare is out of stock.' });
    const hidden = await createProduct(t.database.db, { name: 'Hidden', stock: 9, available: false });
    expect((await addToCart(t.app, hidden.id)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const missing = await addToCart(t.app, 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'No Product matches the given query.' });
    expect((await t.app.inject({ method: 'POST', url: '/taberna-cart/api/add-to-cart/abc/', payload: {} })).statusCode).toBe(400);
  });

  it('removes one, then the line; only from the cart that holds it', async () => {
    const { cart_id: cartId } = (await addToCart(t.app, shirt.id, { color: 'Blue', size: 'M' })).json() as { cart_id: string };
    await addToCart(t.app, shirt.id, { color: 'Blue', size: 'M', cart_id: cartId });
    const item = (await cartOf(t.app, { cartId })).cart_items[0]!;
    const other = (await addToCart(t.app, mug.id)).json() as { cart_id: string };

    // Another guest's cart id, no cart id, the wrong product: 404, nothing changes.
    for (const query of [`?cart_id=${other.cart_id}`, '', '?cart_id=guess']) {
      const response = await remove('cart-remove', shirt.id, item.id, query);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Cart item does not exist' });
    }
    expect((await remove('cart-item-remove', mug.id, item.id, `?cart_id=${cartId}`)).statusCode).toBe(404);
    expect((await cartOf(t.app, { cartId })).quantity).toBe(2);

    const one = await remove('cart-remove', shirt.id, item.id, `?cart_id=${cartId}`);
    expect(one.json()).toEqual({ message: 'Item removed from cart' });
    expect((await cartOf(t.app, { cartId })).quantity).toBe(1);
    await remove('cart-remove', shirt.id, item.id, `?cart_id=${cartId}`);
    expect((await cartOf(t.app, { cartId })).cart_items).toEqual([]);

    await addToCart(t.app, shirt.id, { color: 'Blue', size: 'M', cart_id: cartId });
    await addToCart(t.app, shirt.id, { color: 'Blue', size: 'M', cart_id: cartId });
    const line = (await cartOf(t.app, { cartId })).cart_items[0]!;
    const deleted = await remove('cart-item-remove', shirt.id, line.id, `?cart_id=${cartId}`);
    expect(deleted.json()).toEqual({ message: 'Cart item deleted successfully' });
    expect((await cartOf(t.app, { cartId })).quantity).toBe(0);
    expect((await remove('cart-item-remove', shirt.id, line.id, `?cart_id=${cartId}`)).statusCode).toBe(404);
  });
});

describe("customer's cart", () => {
  it("is the customer's own whatever cart_id says, and no one else's", async () => {
    const rosa = await newCustomer(t.app, t.mail);
    const ana = await newCustomer(t.app, t.mail);
    const added = await addToCart(t.app, mug.id, { cart_id: null }, rosa.headers);
    expect(added.json()).toEqual({ message: 'Product added to cart successfully', cart_id: null });
    const rosaCart = await cartOf(t.app, { headers: rosa.headers });
    expect(rosaCart.quantity).toBe(1);
    expect((await cartOf(t.app, { headers: ana.headers })).quantity).toBe(0);
    const item = rosaCart.cart_items[0]!;
    expect((await remove('cart-remove', mug.id, item.id, '', ana.headers)).statusCode).toBe(404);
    expect((await remove('cart-item-remove', mug.id, item.id, '')).statusCode).toBe(404);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(1);
    expect((await remove('cart-item-remove', mug.id, item.id, '', rosa.headers)).statusCode).toBe(200);
  });

  it('takes the guest cart at shop login: quantities add up, capped by stock; the guest cart is gone', async () => {
    const rosa = await newCustomer(t.app, t.mail);
    await addToCart(t.app, mug.id, {}, rosa.headers);
    await addToCart(t.app, shirt.id, { color: 'Red', size: 'S' }, rosa.headers);
    const { cart_id: cartId } = (await addToCart(t.app, mug.id)).json() as { cart_id: string };
    await addToCart(t.app, mug.id, { cart_id: cartId });
    await addToCart(t.app, shirt.id, { color: 'Red', size: 'S', cart_id: cartId });
    await addToCart(t.app, shirt.id, { color: 'Blue', size: 'M', cart_id: cartId });

    await shopLogin(t.app, rosa.person, cartId);
    const merged = await cartOf(t.app, { headers: rosa.headers });
    const line = (value: string) => merged.cart_items.find((item) => item.variations.some((v) => v.variation_value === value));
    expect(merged.cart_items.find((item) => item.product.id === mug.id)!.quantity).toBe(2); // 1 + 2, stock 2
    expect(line('Red')!.quantity).toBe(2);
    expect(line('Blue')!.quantity).toBe(1);
    expect(await cartOf(t.app, { cartId })).toMatchObject({ quantity: 0 });
    // A second login with the same (now gone) cart id changes nothing.
    await shopLogin(t.app, rosa.person, cartId);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(merged.quantity);
  });

  it("cannot take over another customer's cart by sending its id", async () => {
    const rosa = await newCustomer(t.app, t.mail);
    await addToCart(t.app, mug.id, {}, rosa.headers);
    const ana = await newCustomer(t.app, t.mail);
    await shopLogin(t.app, ana.person, '1');
    expect((await cartOf(t.app, { headers: ana.headers })).quantity).toBe(0);
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(1);
  });
});

describe('stale guest carts', () => {
  it('are purged by the scheduled job; customers keep theirs', async () => {
    const rosa = await newCustomer(t.app, t.mail);
    await addToCart(t.app, mug.id, {}, rosa.headers);
    const { cart_id: cartId } = (await addToCart(t.app, mug.id)).json() as { cart_id: string };
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await t.app.scheduler.runNow(PURGE_CARTS_JOB)).toBe(true);
    expect((await cartOf(t.app, { cartId })).quantity).toBe(0);
    expect((await addToCart(t.app, mug.id, { cart_id: cartId })).json()).toMatchObject({
      cart_id: expect.not.stringMatching(cartId),
    });
    expect((await cartOf(t.app, { headers: rosa.headers })).quantity).toBe(1);
  });
});
