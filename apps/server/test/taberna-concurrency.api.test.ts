import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaCartItems, tabernaOrderLines, tabernaOrders, tabernaProductVariants } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { addToCart, BILLING, createProduct, newCustomer, stockOf } from './support/taberna.js';

let t: TestApp;
let buyers: { headers: Record<string, string> }[];
beforeAll(async () => {
  t = await createTestApp();
  buyers = await Promise.all(Array.from({ length: 50 }, () => newCustomer(t.app, t.mail)));
}, 120_000);
afterAll(() => t.close());

/** Every buyer checks out at once. */
const placeAll = () =>
  Promise.all(
    buyers.map((buyer) =>
      t.app.inject({
        method: 'POST',
        url: '/taberna-orders/api/v1/place_order_stripe_session/',
        payload: BILLING,
        headers: buyer.headers,
      }),
    ),
  );

async function paidOrdersOf(productId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ count: sql<number>`count(distinct ${tabernaOrders.id})::int` })
    .from(tabernaOrders)
    .innerJoin(tabernaOrderLines, eq(tabernaOrderLines.orderId, tabernaOrders.id))
    .where(and(eq(tabernaOrderLines.productId, productId), eq(tabernaOrders.paymentState, 'paid')));
  return Number(row!.count);
}

describe(`concurrent checkouts (${process.env.TEST_DATABASE_URL ? 'PostgreSQL of TEST_DATABASE_URL' : 'embedded PostgreSQL'})`, () => {
  it('50 buyers of a product with 10 in stock: exactly 10 paid orders, stock 0, never below', async () => {
    const product = await createProduct(t.database.db, { name: 'Last Ten', stock: 10 });
    for (const buyer of buyers) expect((await addToCart(t.app, product.id, {}, buyer.headers)).statusCode).toBe(200);

    const started = Date.now();
    const placed = await placeAll();
    const ms = Date.now() - started;
    const statuses = placed.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(await stockOf(t.database.db, product.id)).toBe(0);

    const sessions = placed
      .filter((r) => r.statusCode === 200)
      .map((r) => (r.json() as { checkout_url: string }).checkout_url.split('/').at(-1)!);
    const paid = await Promise.all(
      sessions.map((id) =>
        t.app.inject({
          method: 'POST',
          url: `/taberna-orders/test-checkout/api/${id}/pay/`,
          payload: { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Buyer' },
        }),
      ),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await paidOrdersOf(product.id)).toBe(10);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
    console.log(`50 parallel checkouts for 10 in stock took ${ms} ms: 10 placed, 40 refused, 10 paid, stock 0`);
  });

  it('the same with the charge flow: exactly 10 charged', async () => {
    const product = await createProduct(t.database.db, { name: 'Charged Ten', stock: 10 });
    for (const buyer of buyers) expect((await addToCart(t.app, product.id, {}, buyer.headers)).statusCode).toBe(200);
    const charged = await Promise.all(
      buyers.map((buyer) =>
        t.app.inject({
          method: 'POST',
          url: '/taberna-orders/api/v1/place_order_stripe_charge/',
          payload: { ...BILLING, stripe_token: 'tok_visa' },
          headers: buyer.headers,
        }),
      ),
    );
    expect(charged.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(charged.filter((r) => r.statusCode === 409)).toHaveLength(40);
    expect(await paidOrdersOf(product.id)).toBe(10);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
  });

  it('per variant (issue 25): 50 buyers of two colours with 5 of each: exactly 5 orders of each, both at 0', async () => {
    const product = await createProduct(t.database.db, { name: 'Two Ways', stock: 10, colors: ['Blue', 'White'] });
    // The earlier races left sold-out products in most carts: every buyer starts from an empty cart.
    await t.database.db.delete(tabernaCartItems);
    const colours = ['Blue', 'White'] as const;
    for (const [index, buyer] of buyers.entries())
      expect((await addToCart(t.app, product.id, { color: colours[index % 2] }, buyer.headers)).statusCode).toBe(200);
    const placed = await placeAll();
    const won = (colour: number) => placed.filter((r, index) => index % 2 === colour && r.statusCode === 200).length;
    expect([won(0), won(1)]).toEqual([5, 5]);
    expect(placed.filter((r) => r.statusCode === 409)).toHaveLength(40);
    const variants = await t.database.db
      .select({ stock: tabernaProductVariants.stock })
      .from(tabernaProductVariants)
      .where(eq(tabernaProductVariants.productId, product.id));
    expect(variants.map((v) => v.stock)).toEqual([0, 0]);
    expect(await stockOf(t.database.db, product.id)).toBe(0);
  });
});
