import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaProductVariants } from '../src/db/schema/index.js';
import { backoffice, member, type Member } from './support/backoffice.js';
import { multipart, picture } from './support/social.js';
import { addToCart, BILLING, cartOf, stockOf } from './support/taberna.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

// Issue 25: stock, SKU and price per variant; pictures per colour; drafts; the shop's currency (EUR here).
// The public cache stays on: what staff and buyers change must show in the shop's cached answers at once.
let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;
let categoryId: number;
let categorySlug: string;

beforeAll(async () => {
  t = await createTestApp({ STORE_CURRENCY: 'EUR' });
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
  const category = json(await bo('POST', '/categories/', { name: `Shirts ${Date.now()}` }));
  categoryId = category.id as number;
  categorySlug = category.slug as string;
});
afterAll(() => t.close());

const uniq = () => Math.random().toString(36).slice(2, 8);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

interface Variant {
  id: number;
  color: string | null;
  size: string | null;
  sku: string;
  stock: number;
  price: string | null;
}

async function newShirt(extra: object = {}) {
  const created = await bo('POST', '/products/', {
    category_id: categoryId,
    name: `Tee ${uniq()}`,
    price: '20.00',
    colors: ['Blue', 'White'],
    sizes: ['S', 'L'],
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json() as { id: number; slug: string; name: string; status: string; stock: number };
  return { ...product, variants: await variantsOf(product.id) };
}

async function variantsOf(productId: number): Promise<Variant[]> {
  const listed = await bo('GET', `/products/${productId}/variants/`);
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json() as { results: Variant[] }).results;
}

const setVariant = (productId: number, variantId: number, body: object) =>
  bo('PATCH', `/products/${productId}/variants/${variantId}/`, body);
const detail = (slug: string) => get(`/taberna-store/api/v1/products/${categorySlug}/${slug}/`);

async function buyer() {
  const person = await member(t);
  return person;
}

function place(who: Member, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/taberna-orders/api/v1/place_order_stripe_session/',
    headers: who.headers,
    payload: { ...BILLING, email: who.person.email, ...extra },
  });
}

async function pay(checkoutUrl: string) {
  const session = checkoutUrl.split('/').at(-1)!;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/taberna-orders/test-checkout/api/${session}/pay/`,
    payload: { card_number: '4242424242424242', expiry: '1230', cvc: '123', name: 'Rosa Tester' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return session;
}

describe('variants: one per colour × size, with SKU, stock and price', () => {
  it('are made with the product, the stock shared out, and the product stock is their sum', async () => {
    const shirt = await newShirt({ stock: 7 });
    expect(shirt.variants.map((v) => [v.color, v.size, v.stock, v.price])).toEqual([
      ['Blue', 'S', 2, null],
      ['Blue', 'L', 2, null],
      ['White', 'S', 2, null],
      ['White', 'L', 1, null],
    ]);
    expect(shirt.variants.map((v) => v.sku)).toEqual([
      `P${shirt.id}-BLUE-S`,
      `P${shirt.id}-BLUE-L`,
      `P${shirt.id}-WHITE-S`,
      `P${shirt.id}-WHITE-L`,
    ]);
    expect(shirt.stock).toBe(7);
    const plain = await newShirt({ colors: [], sizes: [], stock: 4 });
    expect(plain.variants.map((v) => [v.color, v.size, v.stock])).toEqual([[null, null, 4]]);
  });

  it('are edited inline: SKU, stock (a ledger correction naming the variant) and own price', async () => {
    const shirt = await newShirt({ stock: 0 });
    const [blueS, blueL] = shirt.variants;
    const edited = await setVariant(shirt.id, blueS!.id, { sku: 'TEE-BLU-S', stock: 5, price: '24.50' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ id: blueS!.id, color: 'Blue', size: 'S', sku: 'TEE-BLU-S', stock: 5, price: '24.50' });
    expect(json(await bo('GET', `/products/${shirt.id}/`)).stock).toBe(5);
    const ledger = (await bo('GET', `/stock/?variant_id=${blueS!.id}`)).json() as { results: object[] };
    expect(ledger.results).toEqual([
      expect.objectContaining({
        variant_id: blueS!.id,
        sku: 'TEE-BLU-S',
        variant: 'Blue / S',
        kind: 'correction',
        delta: 5,
        stock_after: 5,
        variant_stock_after: 5,
        actor: staff.person.email,
      }),
    ]);
    // Back to the product's price; a taken SKU, a bad one, negative stock: refused, nothing changed.
    expect(json(await setVariant(shirt.id, blueS!.id, { price: null })).price).toBeNull();
    const taken = await setVariant(shirt.id, blueL!.id, { sku: 'tee-blu-s' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: 'The SKU tee-blu-s is taken by another variant.' });
    expect((await setVariant(shirt.id, blueL!.id, { sku: 'no spaces', stock: -1 })).json()).toEqual({
      sku: ['Use letters, digits, dots, dashes and underscores only.'],
      stock: ['Ensure this value is at least 0.'],
    });
    expect((await setVariant(shirt.id, 999_999, { stock: 1 })).statusCode).toBe(404);
    const other = await newShirt();
    expect((await setVariant(other.id, blueL!.id, { stock: 1 })).statusCode).toBe(404);
    expect((await variantsOf(shirt.id)).find((v) => v.id === blueL!.id)).toMatchObject({ sku: blueL!.sku, stock: 0 });
    const audit = (await bo('GET', `/audit/?action=variant.update&search=product:${shirt.id}`)).json() as { count: number };
    expect(audit.count).toBe(2);
  });

  it('follow the colours and sizes: new ones are made without stock, the others keep theirs', async () => {
    const shirt = await newShirt({ stock: 8 });
    const edited = await bo('PATCH', `/products/${shirt.id}/`, { colors: ['Blue', 'Red'] });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await variantsOf(shirt.id);
    expect(after.map((v) => [v.color, v.size, v.stock])).toEqual([
      ['Blue', 'S', 2],
      ['Blue', 'L', 2],
      ['Red', 'S', 0],
      ['Red', 'L', 0],
    ]);
    // White is no longer sold: its stock no longer counts, and comes back with it.
    expect(json(edited).stock).toBe(4);
    const back = await bo('PATCH', `/products/${shirt.id}/`, { colors: ['Blue', 'Red', 'White'] });
    expect(json(back).stock).toBe(8);
    // The product form sets the stock only of a product with one variant.
    expect((await bo('PATCH', `/products/${shirt.id}/`, { stock: 3 })).json()).toEqual({
      stock: ['This product has 6 variants: set the stock of each variant.'],
    });
  });

  it('are what the shop sells: a sold-out combination is refused while another sells, at its own price', async () => {
    const shirt = await newShirt({ stock: 0 });
    const [blueS, blueL] = shirt.variants;
    await setVariant(shirt.id, blueS!.id, { stock: 2, price: '25.00' });
    const page = detail(shirt.slug);
    const variants =
      (json(await page).variants as { color: string; size: string; in_stock: boolean; price: string | null }[]) ?? [];
    expect(variants).toEqual([
      { color: 'Blue', size: 'S', sku: blueS!.sku, price: '25.00', in_stock: true },
      { color: 'Blue', size: 'L', sku: blueL!.sku, price: null, in_stock: false },
      expect.objectContaining({ color: 'White', size: 'S', in_stock: false }),
      expect.objectContaining({ color: 'White', size: 'L', in_stock: false }),
    ]);
    const rosa = await buyer();
    const soldOut = await addToCart(t.app, shirt.id, { color: 'Blue', size: 'L' }, rosa.headers);
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json()).toEqual({ error: `${shirt.name} in Blue, L is sold out. Choose another colour or size.` });
    expect((await addToCart(t.app, shirt.id, { color: 'blue', size: 's' }, rosa.headers)).statusCode).toBe(200);
    expect((await addToCart(t.app, shirt.id, { color: 'Blue', size: 'S' }, rosa.headers)).statusCode).toBe(200);
    const third = await addToCart(t.app, shirt.id, { color: 'Blue', size: 'S' }, rosa.headers);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ error: `Only 2 of ${shirt.name} in Blue, S are in stock, and your cart already has 2.` });
    const cart = await cartOf(t.app, { headers: rosa.headers });
    expect(cart.total).toBe(50);
    expect(cart.cart_items[0]).toMatchObject({
      sub_total: 50,
      variant: { id: blueS!.id, sku: blueS!.sku, color: 'Blue', size: 'S', price: '25.00', stock: 2 },
    });

    const placed = await place(rosa);
    expect(placed.statusCode, placed.body).toBe(200);
    await pay(json(placed).checkout_url as string);
    expect(await stockOf(t.database.db, shirt.id)).toBe(0);
    // The cached product page knows at once that Blue / S is sold out too.
    const again = json(await detail(shirt.slug)).variants as { in_stock: boolean }[];
    expect(again.every((v) => !v.in_stock)).toBe(true);
    const [order] = json(await get('/taberna-profiles/api/v1/orders/', rosa.headers)) as unknown as {
      order_products: { product_price: number; variant: object }[];
      order_total: number;
    }[];
    expect(order!.order_products).toEqual([
      expect.objectContaining({ product_price: 25, variant: { id: blueS!.id, sku: blueS!.sku, color: 'Blue', size: 'S' } }),
    ]);
    const ledger = (await bo('GET', `/stock/?variant_id=${blueS!.id}&kind=reservation`)).json() as { results: object[] };
    expect(ledger.results).toEqual([expect.objectContaining({ delta: -2, variant_stock_after: 0, variant: 'Blue / S' })]);
  });

  it('two buyers racing for the last unit of one variant: exactly one order, the other combination untouched', async () => {
    const shirt = await newShirt({ stock: 0 });
    const [blueS, blueL] = shirt.variants;
    await setVariant(shirt.id, blueS!.id, { stock: 1 });
    await setVariant(shirt.id, blueL!.id, { stock: 3 });
    const [ana, rui] = [await buyer(), await buyer()];
    for (const who of [ana, rui])
      expect((await addToCart(t.app, shirt.id, { color: 'Blue', size: 'S' }, who.headers)).statusCode).toBe(200);
    const answers = await Promise.all([place(ana), place(rui)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      error: `${shirt.name} in Blue, S is sold out. Remove it from your cart to go on.`,
    });
    const [rows] = [
      await t.database.db.select().from(tabernaProductVariants).where(eq(tabernaProductVariants.productId, shirt.id)),
    ];
    expect(rows.find((v) => v.id === blueS!.id)!.stock).toBe(0);
    expect(rows.find((v) => v.id === blueL!.id)!.stock).toBe(3);
    expect(await stockOf(t.database.db, shirt.id)).toBe(3);
  });
});

describe('stock adjustments name the variant and have bounds (issue 26 S5)', () => {
  it('need the variant of a product that has several; never above 1,000,000 a variant, never a 500', async () => {
    const shirt = await newShirt({ stock: 0 });
    const [blueS] = shirt.variants;
    const unnamed = await bo('POST', `/stock/${shirt.id}/adjust/`, { delta: 5, reason: 'Delivery' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ variant_id: [`${shirt.name} has 4 variants: choose one.`] });
    const named = await bo('POST', `/stock/${shirt.id}/adjust/`, { delta: 5, reason: 'Delivery', variant_id: blueS!.id });
    expect(named.json()).toEqual({ product_id: shirt.id, stock: 5, variant_id: blueS!.id, variant_stock: 5 });

    const plain = await newShirt({ colors: [], sizes: [], stock: 0 });
    const fill = await bo('POST', `/stock/${plain.id}/adjust/`, { delta: 1_000_000, reason: 'A big delivery' });
    expect(fill.statusCode, fill.body).toBe(200);
    const over = await bo('POST', `/stock/${plain.id}/adjust/`, { delta: 1, reason: 'One more' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      delta: [`${plain.name} (P${plain.id}) has 1000000 in stock: a variant holds at most 1,000,000.`],
    });
    // A database from before the bound, with a stock near what the column holds: refused, not a 500.
    await t.database.db.execute(sql`update taberna_product_variants set stock = 2147483000 where product_id = ${plain.id}`);
    await t.database.db.execute(sql`update taberna_products set stock = 2147483000 where id = ${plain.id}`);
    const overflow = await bo('POST', `/stock/${plain.id}/adjust/`, { delta: 1_000_000, reason: 'Overflow' });
    expect(overflow.statusCode).toBe(400);
    expect(Object.keys(overflow.json() as object)).toEqual(['delta']);
    const bulk = await bo('POST', '/stock/adjust/', { items: [{ product_id: plain.id, delta: 1_000_000 }], reason: 'Overflow' });
    expect(bulk.statusCode).toBe(400);
    expect(await stockOf(t.database.db, plain.id)).toBe(2_147_483_000);
    // Going down is always allowed.
    expect((await bo('POST', `/stock/${plain.id}/adjust/`, { delta: -1_000_000, reason: 'Count' })).statusCode).toBe(200);
  });
});

describe('pictures per colour', () => {
  async function upload(productId: number, colour: string | null) {
    const form = await multipart(colour ? { color: colour } : {}, [
      { field: 'image', data: await picture('png'), type: 'image/png', filename: 'tee.png' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/backoffice/products/${productId}/images/`,
      headers: { ...staff.headers, ...form.headers },
      payload: form.payload,
    });
  }

  it("are tagged with a colour of the product; the shop and the cart show the chosen colour's picture", async () => {
    const shirt = await newShirt({ stock: 8 });
    const main = json(await upload(shirt.id, null));
    const blue = json(await upload(shirt.id, 'blue'));
    expect(blue.color).toBe('Blue');
    const wrong = await upload(shirt.id, 'Purple');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ color: ["Choose one of the product's colours: Blue, White."] });
    const white = json(await upload(shirt.id, 'White'));
    const retagged = await bo('PATCH', `/products/${shirt.id}/images/${white.id}/`, { color: null });
    expect(json(retagged)).toMatchObject({ id: white.id, color: null });

    const product = json(await detail(shirt.slug)).product as {
      image: string;
      productgallery: { image: string; color: string | null }[];
    };
    expect(product.image).toBe(main.image);
    expect(product.productgallery).toEqual([
      { id: blue.id, image: blue.image, color: 'Blue' },
      { id: white.id, image: white.image, color: null },
    ]);
    const rosa = await buyer();
    await addToCart(t.app, shirt.id, { color: 'Blue', size: 'L' }, rosa.headers);
    await addToCart(t.app, shirt.id, { color: 'White', size: 'L' }, rosa.headers);
    const cart = (await cartOf(t.app, { headers: rosa.headers })) as unknown as {
      cart_items: { image: string; variant: { color: string } }[];
    };
    expect(cart.cart_items.map((item) => [item.variant.color, item.image])).toEqual([
      ['White', main.image],
      ['Blue', blue.image],
    ]);

    const placed = await place(rosa);
    await pay(json(placed).checkout_url as string);
    const [order] = json(await get('/taberna-profiles/api/v1/orders/', rosa.headers)) as unknown as {
      id: number;
      order_products: { image: string; variant: { color: string } }[];
    }[];
    // An order lists its lines in the order they were put in the cart.
    expect(order!.order_products.map((line) => [line.variant.color, line.image])).toEqual([
      ['Blue', blue.image],
      ['White', main.image],
    ]);
    const boOrder = json(await bo('GET', `/orders/${order!.id}/`)) as { lines: { color: string; image: string; sku: string }[] };
    expect(boOrder.lines.map((line) => [line.color, line.image])).toEqual([
      ['Blue', blue.image],
      ['White', main.image],
    ]);
    // The receipt carries the blue shirt's picture inline (no remote image), and prices in euros.
    const receipt = t.mail.sent.find((mail) => mail.to === rosa.person.email && mail.subject.includes('is confirmed'))!;
    expect(receipt.attachments?.map((a) => a.contentType)).toEqual(['image/jpeg', 'image/jpeg']);
    expect(receipt.html).toContain(`cid:${receipt.attachments![0]!.cid}`);
    expect(receipt.text).toContain('€');
  });
});

describe('drafts', () => {
  it('are nowhere in the shop until published; an API create without status is live at once', async () => {
    const name = `Zephyr draft ${uniq()}`;
    const draft = await newShirt({ name, status: 'draft', stock: 8 });
    expect(draft.status).toBe('draft');
    const sibling = await newShirt({ stock: 4 });
    expect(sibling.status).toBe('active');
    const word = name.split(' ')[0]!.toLowerCase();
    const nowhere = async () => {
      expect((await detail(draft.slug)).statusCode).toBe(404);
      const category = json(await get(`/taberna-store/api/v1/products/${categorySlug}/`)) as { products: { id: number }[] };
      expect(category.products.map((p) => p.id)).not.toContain(draft.id);
      const latest = json(await get('/taberna-store/api/v1/latest-products/')) as unknown as { id: number }[];
      expect(latest.map((p) => p.id)).not.toContain(draft.id);
      const found = await t.app.inject({
        method: 'POST',
        url: '/taberna-store/api/v1/products/search/',
        payload: { query: word },
      });
      expect((found.json() as { id: number }[]).map((p) => p.id)).not.toContain(draft.id);
      const portal = json(await get(`/api/search/?q=${word}`)) as { products: { id: number }[] };
      expect(portal.products.map((p) => p.id)).not.toContain(draft.id);
      const related = json(await detail(sibling.slug)) as { related_products: { id: number }[] };
      expect(related.related_products.map((p) => p.id)).not.toContain(draft.id);
      const added = await addToCart(t.app, draft.id, { color: 'Blue', size: 'S' });
      expect(added.statusCode).toBe(404);
      expect(added.json()).toEqual({ detail: 'No Product matches the given query.' });
    };
    await nowhere();
    const listed = (await bo('GET', `/products/?status=draft&search=${encodeURIComponent(name)}`)).json() as { count: number };
    expect(listed.count).toBe(1);

    const published = await bo('PATCH', `/products/${draft.id}/`, { status: 'active' });
    expect(json(published).status).toBe('active');
    expect((await detail(draft.slug)).statusCode).toBe(200);
    const found = await t.app.inject({ method: 'POST', url: '/taberna-store/api/v1/products/search/', payload: { query: word } });
    expect((found.json() as { id: number }[]).map((p) => p.id)).toContain(draft.id);
    const rosa = await buyer();
    expect((await addToCart(t.app, draft.id, { color: 'Blue', size: 'S' }, rosa.headers)).statusCode).toBe(200);

    // Archived while in a cart: gone from the shop again, and refused at checkout.
    expect(json(await bo('PATCH', `/products/${draft.id}/`, { status: 'archived' })).status).toBe('archived');
    await nowhere();
    const refused = await place(rosa);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: `${name} is no longer sold. Remove it from your cart.` });
    expect((await bo('PATCH', `/products/${draft.id}/`, { status: 'sold' })).json()).toEqual({
      status: ['Choose one of: draft, active, archived.'],
    });
  });
});

describe("the shop's currency (STORE_CURRENCY)", () => {
  it('is in the portal settings and in the test checkout', async () => {
    expect(json(await get('/api/v1/portal-settings/')).currency).toBe('EUR');
    const plain = await newShirt({ colors: [], sizes: [], stock: 2, price: '10.00' });
    const rosa = await buyer();
    await addToCart(t.app, plain.id, {}, rosa.headers);
    const placed = await place(rosa);
    const session = String(json(placed).checkout_url).split('/').at(-1)!;
    expect(json(await get(`/taberna-orders/test-checkout/api/${session}/`))).toMatchObject({ currency: 'eur', amount: '10.20' });
  });
});
