import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tabernaOrders, tabernaStockLedger } from '../src/db/schema/index.js';
import { EXPIRE_ORDERS_JOB } from '../src/taberna/taberna.plugin.js';
import { auditRows, backoffice, member, newestOrderId, placeOrder, type Member } from './support/backoffice.js';
import { multipart, picture } from './support/social.js';
import { createProduct } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// The public cache stays on: a back-office change must show in the shop at once anyway.
let t: TestApp;
let staff: Member;
let bo: ReturnType<typeof backoffice>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await member(t, 'staff');
  bo = backoffice(t, staff);
});
afterAll(() => t.close());

const shop = (url: string) => t.app.inject({ method: 'GET', url });
const search = (query: string) =>
  t.app.inject({ method: 'POST', url: '/taberna-store/api/v1/products/search/', payload: { query } });
const uniq = () => Math.random().toString(36).slice(2, 8);

async function newCategory(name = `Lamps ${uniq()}`) {
  const created = await bo('POST', '/categories/', { name, description: 'Light' });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; name: string; slug: string; position: number };
}

async function newProduct(categoryId: number, extra: object = {}) {
  const created = await bo('POST', '/products/', {
    category_id: categoryId,
    name: `Brass lamp ${uniq()}`,
    price: '19.90',
    description: 'A lamp of brass',
    stock: 3,
    colors: ['Gold', 'Black'],
    sizes: ['S'],
    is_available: true,
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: number; slug: string; get_absolute_url: string; stock: number; price: string; name: string };
}

async function upload(productId: number, data: Buffer, field = 'image') {
  const form = await multipart({}, [{ field, data, type: 'image/png', filename: 'lamp.png' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/backoffice/products/${productId}/images/`,
    headers: { ...staff.headers, ...form.headers },
    payload: form.payload,
  });
}

const auditOf = (target: string) => auditRows(bo, target);

describe('back-office categories', () => {
  it('creates, renames, moves and deletes an empty category, each audited', async () => {
    const first = await newCategory();
    expect(first).toMatchObject({ slug: first.name.toLowerCase().replace(' ', '-'), position: expect.any(Number) });
    const second = await newCategory();
    expect(second.position).toBe(first.position + 1);

    const renamed = await bo('PATCH', `/categories/${second.id}/`, { name: 'Table lamps', position: 0 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Table lamps', slug: second.slug, position: 0 });
    const list = (await bo('GET', '/categories/?ordering=position&page_size=100')).json() as {
      results: { id: number }[];
      count: number;
    };
    expect(list.results[0]!.id).toBe(second.id);
    expect(list.count).toBe(list.results.length);
    // A move alone (what the page's arrows send), without a name or description.
    const moved = await bo('PATCH', `/categories/${second.id}/`, { position: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Table lamps', position: 1 });

    expect((await bo('DELETE', `/categories/${first.id}/`)).statusCode).toBe(204);
    expect((await bo('DELETE', `/categories/${first.id}/`)).statusCode).toBe(404);
    const actions = (await auditOf(`category:${second.id}`)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['category.create', 'category.update']));
    expect((await auditOf(`category:${first.id}`)).map((row) => row.action)).toContain('category.delete');
  });

  it('refuses a blank name with a field error and deleting a category that has products with 409', async () => {
    const blank = await bo('POST', '/categories/', { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ name: ['This field may not be blank.'] });
    const category = await newCategory();
    await newProduct(category.id);
    const refused = await bo('DELETE', `/categories/${category.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'This category still has products: move or delete them first.' });
  });

  it('searches categories and pages with count and next links', async () => {
    const tag = uniq();
    for (let i = 0; i < 3; i += 1) await newCategory(`Paged ${tag} ${i}`);
    const page = await bo('GET', `/categories/?search=${tag}&page_size=2&ordering=-name`);
    const body = page.json() as { count: number; next: string | null; results: { name: string }[] };
    expect(body.count).toBe(3);
    expect(body.results.map((c) => c.name)).toEqual([`Paged ${tag} 2`, `Paged ${tag} 1`]);
    expect(body.next).toBe(`http://portal.test/api/backoffice/categories/?search=${tag}&page_size=2&ordering=-name&page=2`);
    const bad = await bo('GET', '/categories/?ordering=secret&page_size=1000');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['ordering', 'page_size']));
  });
});

describe('back-office products', () => {
  it('creates a product that is on its category page and found by search at once (cache on)', async () => {
    const category = await newCategory();
    const page = `/taberna-store/api/v1/products/${category.slug}/`;
    // Cached while empty...
    expect((await shop(page)).json()).toMatchObject({ products: [] });
    const product = await newProduct(category.id, { name: `Zanzibar lantern ${uniq()}` });
    expect(product).toMatchObject({
      price: '19.90',
      stock: 3,
      get_absolute_url: `/taberna-store/category/${category.slug}/${product.slug}/`,
    });
    // ...and the write dropped it.
    const listed = await shop(page);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { products: { id: number; price: string }[] }).products).toEqual([
      expect.objectContaining({ id: product.id, price: '19.90' }),
    ]);
    const found = (await search('zanzibar')).json() as { id: number }[];
    expect(found.map((p) => p.id)).toContain(product.id);
    const detail = (await shop(`/taberna-store/api/v1/products/${category.slug}/${product.slug}/`)).json() as {
      variations: { colors: { variation_value: string }[] };
    };
    expect(detail.variations.colors.map((c) => c.variation_value)).toEqual(['Gold', 'Black']);
  });

  it('answers field errors for a bad price, a missing category and unknown keys of the wrong type', async () => {
    const response = await bo('POST', '/products/', { category_id: 999999, name: 'X', price: '19.999', stock: -1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      price: ['Enter a price such as 19.90.'],
      stock: ['Ensure this value is at least 0.'],
    });
    const noCategory = await bo('POST', '/products/', { category_id: 999999, name: 'X', price: '1', stock: 0 });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json()).toEqual({ category_id: ['No such category.'] });
    expect((await bo('GET', '/products/999999/')).statusCode).toBe(404);
    expect((await bo('PATCH', '/products/999999/', { name: 'Y' })).statusCode).toBe(404);
  });

  it('edits price, colours and stock; the stock change is a ledger correction; the price stays exact', async () => {
    const category = await newCategory();
    const product = await newProduct(category.id);
    const edited = await bo('PATCH', `/products/${product.id}/`, { price: '0.10', colors: ['Silver'], stock: 8 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price: '0.10', colors: ['Silver'], sizes: ['S'], stock: 8 });
    const ledger = (await bo('GET', `/stock/?product_id=${product.id}`)).json() as {
      results: { delta: number; kind: string; stock_after: number; actor: string; reason: string }[];
    };
    // Issue 25: the stock of 3 was shared out over Gold/S and Black/S; Silver/S, the one variant left, was set to 8.
    expect(ledger.results.map((r) => [r.kind, r.delta, r.stock_after, r.actor])).toEqual([
      ['correction', 8, 8, staff.person.email],
      ['adjustment', 1, 3, staff.person.email],
      ['adjustment', 2, 2, staff.person.email],
    ]);
    const audit = await auditOf(`product:${product.id}`);
    expect(audit.map((row) => row.action)).toEqual(['product.update', 'product.create']);
  });

  it('lists products with search, filters, ordering and low-stock flags', async () => {
    const category = await newCategory();
    const tag = uniq();
    await newProduct(category.id, { name: `Grid ${tag} a`, stock: 2, price: '5.00' });
    await newProduct(category.id, { name: `Grid ${tag} b`, stock: 50, price: '7.00' });
    const low = (await bo('GET', `/products/?search=${tag}&low_stock=true`)).json() as {
      count: number;
      results: { low_stock: boolean }[];
    };
    expect(low.count).toBe(1);
    expect(low.results[0]!.low_stock).toBe(true);
    const byPrice = (await bo('GET', `/products/?category_id=${category.id}&ordering=-price`)).json() as {
      results: { price: string }[];
    };
    expect(byPrice.results.map((p) => p.price)).toEqual(['7.00', '5.00']);
  });

  it('takes pictures as multipart "image", re-encoded, reorders them, and the first is the main picture', async () => {
    const category = await newCategory();
    const product = await newProduct(category.id);
    const one = await upload(product.id, await picture('png'));
    const two = await upload(product.id, await picture('jpeg'));
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode).toBe(201);
    const [a, b] = [one.json() as { id: number; image: string }, two.json() as { id: number; image: string }];
    expect(a.image).toMatch(/^http:\/\/portal\.test\/static\/media\/store\/gallery\/[\w-]+\.webp$/);

    const ordered = await bo('POST', `/products/${product.id}/images/order/`, { ids: [b.id, a.id] });
    expect(ordered.statusCode).toBe(200);
    expect((ordered.json() as { id: number }[]).map((i) => i.id)).toEqual([b.id, a.id]);
    const detail = (await bo('GET', `/products/${product.id}/`)).json() as { image: string; images: { id: number }[] };
    expect(detail.image).toBe(b.image);
    // The shop: the main picture, then the others, each once.
    const inShop = (await shop(`/taberna-store/api/v1/products/${category.slug}/${product.slug}/`)).json() as {
      product: { image: string; productgallery: { image: string }[] };
    };
    expect(inShop.product.image).toBe(b.image);
    expect(inShop.product.productgallery.map((p) => p.image)).toEqual([a.image]);
    expect((await bo('POST', `/products/${product.id}/images/order/`, { ids: [a.id] })).statusCode).toBe(400);

    const notPicture = await upload(product.id, Buffer.from('not a picture'));
    expect(notPicture.statusCode).toBe(400);
    expect(notPicture.json()).toEqual({ image: [expect.stringContaining('not a picture')] });
    expect((await upload(999999, await picture('png'))).statusCode).toBe(404);
    expect((await bo('DELETE', `/products/${product.id}/images/${b.id}/`)).statusCode).toBe(204);
    expect(((await bo('GET', `/products/${product.id}/`)).json() as { image: string }).image).toBe(a.image);
  });

  it('deletes a product without orders, and hides one with orders (gone from the shop, kept for the order)', async () => {
    const category = await newCategory();
    const unsold = await newProduct(category.id);
    expect((await bo('DELETE', `/products/${unsold.id}/`)).json()).toEqual({ outcome: 'deleted' });
    expect((await bo('GET', `/products/${unsold.id}/`)).statusCode).toBe(404);

    const sold = await newProduct(category.id, { colors: [], sizes: [] });
    const customer = await member(t);
    await placeOrder(t, customer, sold.id);
    const hidden = await bo('DELETE', `/products/${sold.id}/`);
    expect(hidden.json()).toEqual({ outcome: 'hidden' });
    expect((await bo('GET', `/products/${sold.id}/`)).json()).toMatchObject({
      hidden: true,
      is_available: false,
      orders_count: 1,
    });
    expect((await shop(`/taberna-store/api/v1/products/${category.slug}/${sold.slug}/`)).statusCode).toBe(404);
    expect((await shop(`/taberna-store/api/v1/products/${category.slug}/`)).json()).toMatchObject({ products: [] });
    const order = (await bo('GET', `/orders/${await newestOrderId(t, staff, customer)}/`)).json() as {
      lines: { product_id: number }[];
    };
    expect(order.lines.map((line) => line.product_id)).toEqual([sold.id]);
    expect((await auditOf(`product:${sold.id}`)).map((row) => row.action)).toContain('product.hide');
    const back = await bo('PATCH', `/products/${sold.id}/`, { hidden: false });
    expect(back.json()).toMatchObject({ hidden: false, is_available: true });
    expect((await shop(`/taberna-store/api/v1/products/${category.slug}/${sold.slug}/`)).statusCode).toBe(200);
  });
});

describe('back-office stock', () => {
  it('adjusts with a reason, refuses going below zero, and bulk-adjusts all or nothing', async () => {
    const category = await newCategory();
    // Products of one variant: their stock is that variant's (issue 25).
    const a = await newProduct(category.id, { stock: 2, colors: [], sizes: [] });
    const b = await newProduct(category.id, { stock: 2, colors: [], sizes: [] });
    const added = await bo('POST', `/stock/${a.id}/adjust/`, { delta: 5, reason: 'Delivery from the workshop' });
    expect(added.json()).toMatchObject({ product_id: a.id, stock: 7, variant_stock: 7 });
    const below = await bo('POST', `/stock/${a.id}/adjust/`, { delta: -8, reason: 'Broken' });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ delta: [expect.stringContaining('cannot go below 0')] });
    expect((await bo('POST', `/stock/${a.id}/adjust/`, { delta: 0, reason: '' })).json()).toEqual({
      delta: ['Enter a change other than 0.'],
      reason: ['This field may not be blank.'],
    });
    const missing = await bo('POST', '/stock/999999/adjust/', { delta: 1, reason: 'x' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { detail: 'No product 999999.' }]);

    const refused = await bo('POST', '/stock/adjust/', {
      items: [
        { product_id: a.id, delta: 1 },
        { product_id: b.id, delta: -3 },
      ],
      reason: 'Count',
    });
    expect(refused.statusCode).toBe(400);
    expect(((await bo('GET', `/products/${a.id}/`)).json() as { stock: number }).stock).toBe(7);
    const bulk = await bo('POST', '/stock/adjust/', {
      items: [
        { product_id: b.id, delta: 10 },
        { product_id: a.id, delta: -1 },
      ],
      reason: 'Stocktaking',
    });
    expect(bulk.json()).toEqual({
      results: [
        expect.objectContaining({ product_id: a.id, stock: 6 }),
        expect.objectContaining({ product_id: b.id, stock: 12 }),
      ],
    });
    const rows = (await bo('GET', '/stock/?search=Stocktaking')).json() as { count: number; results: { reason: string }[] };
    expect(rows.count).toBe(2);
  });

  it('writes reservations by placed orders and their release on cancel to the ledger', async () => {
    const category = await newCategory();
    const product = await newProduct(category.id, { stock: 5, colors: [], sizes: [] });
    const customer = await member(t);
    await placeOrder(t, customer, product.id, 2);
    const orderId = await newestOrderId(t, staff, customer);
    const number = ((await bo('GET', `/orders/${orderId}/`)).json() as { order_number: string }).order_number;
    expect((await bo('POST', `/orders/${orderId}/cancel/`)).statusCode).toBe(200);
    const ledger = (await bo('GET', `/stock/?product_id=${product.id}&ordering=created_at`)).json() as {
      results: { kind: string; delta: number; stock_after: number; actor: string | null; order_number: string | null }[];
    };
    expect(ledger.results.map((r) => [r.kind, r.delta, r.stock_after, r.actor, r.order_number])).toEqual([
      ['adjustment', 5, 5, staff.person.email, null],
      ['reservation', -2, 3, null, number],
      ['release', 2, 5, staff.person.email, number],
    ]);
  });

  it('finds ledger rows by product, reason, staff email, order number and SKU, filtered, ordered and paged', async () => {
    const category = await newCategory();
    const tag = uniq();
    type Row = {
      id: number;
      delta: number;
      reason: string;
      kind: string;
      variant: string | null;
      sku: string | null;
      stock_after: number;
    };
    type Page = { count: number; next: string | null; results: Row[] };
    const ledger = async (query: string) => {
      const answer = await bo('GET', `/stock/?${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as Page;
    };
    const lamp = await newProduct(category.id, { name: `Ledger lamp ${tag}`, stock: 0, colors: ['Blue', 'Red'], sizes: ['S'] });
    const { results: variants } = (await bo('GET', `/products/${lamp.id}/variants/`)).json() as {
      results: { id: number; color: string }[];
    };
    const blue = variants.find((variant) => variant.color === 'Blue')!;
    const red = variants.find((variant) => variant.color === 'Red')!;
    expect((await bo('PATCH', `/products/${lamp.id}/variants/${blue.id}/`, { sku: `SKU-${tag}` })).statusCode).toBe(200);
    const adjust = (variant: { id: number }, delta: number, reason: string) =>
      bo('POST', `/stock/${lamp.id}/adjust/`, { delta, reason, variant_id: variant.id });
    expect((await adjust(blue, 5, `Delivery ${tag}`)).statusCode).toBe(200);
    expect((await adjust(red, 3, 'Count')).statusCode).toBe(200);
    expect((await adjust(blue, -1, 'Broken')).statusCode).toBe(200);
    // Another product, sold once: its reservation names the order.
    const kettle = await newProduct(category.id, { name: `Kettle ${uniq()}`, stock: 4, colors: [], sizes: [] });
    const customer = await member(t);
    await placeOrder(t, customer, kettle.id, 1);
    const orderId = await newestOrderId(t, staff, customer);
    const number = ((await bo('GET', `/orders/${orderId}/`)).json() as { order_number: string }).order_number;

    const lampRows = await ledger(`product_id=${lamp.id}&ordering=created_at`);
    expect(lampRows.results.map((row) => [row.delta, row.reason, row.variant, row.sku])).toEqual([
      [5, `Delivery ${tag}`, 'Blue / S', `SKU-${tag}`],
      [3, 'Count', 'Red / S', expect.any(String)],
      [-1, 'Broken', 'Blue / S', `SKU-${tag}`],
    ]);
    const deltas = (page: Page) => page.results.map((row) => row.delta);
    // Each kind of match.
    expect(deltas(await ledger(`search=${encodeURIComponent(`Ledger lamp ${tag}`)}&ordering=created_at`))).toEqual([5, 3, -1]);
    expect(deltas(await ledger(`search=${encodeURIComponent(`Delivery ${tag}`)}`))).toEqual([5]);
    expect(deltas(await ledger(`search=SKU-${tag}&ordering=created_at`))).toEqual([5, -1]);
    expect(deltas(await ledger(`search=${encodeURIComponent(staff.person.email)}&product_id=${lamp.id}&ordering=delta`))).toEqual(
      [-1, 3, 5],
    );
    const byNumber = await ledger(`search=${number}`);
    expect(byNumber.results.map((row) => [row.kind, row.delta])).toEqual([['reservation', -1]]);
    expect(byNumber.count).toBe(1);
    // The tag is in the product's name, a reason and a SKU: each row once, counted, in any order asked.
    expect((await ledger(`search=${tag}`)).count).toBe(3);
    expect(deltas(await ledger(`search=${tag}&ordering=-delta`))).toEqual([5, 3, -1]);
    expect(deltas(await ledger(`search=${tag}&ordering=-stock_after`)).length).toBe(3);
    // Pages of a search by date, both ways.
    const second = await ledger(`search=${tag}&ordering=created_at&page_size=1&page=2`);
    expect([second.count, deltas(second), second.next !== null]).toEqual([3, [3], true]);
    const last = await ledger(`search=${tag}&ordering=-created_at&page_size=2&page=2`);
    expect([deltas(last), last.next]).toEqual([[5], null]);
    expect(deltas(await ledger(`search=${tag}&ordering=-created_at&page_size=2`))).toEqual([-1, 3]);
    // The filters, with and without a search.
    expect(deltas(await ledger(`variant_id=${red.id}`))).toEqual([3]);
    expect(deltas(await ledger(`search=${tag}&variant_id=${blue.id}&ordering=created_at`))).toEqual([5, -1]);
    expect((await ledger(`search=${tag}&kind=reservation`)).count).toBe(0);
    // A product of one variant (no colour, no size): the row names that variant by its SKU.
    const [sold] = (await ledger(`product_id=${kettle.id}&kind=reservation`)).results;
    expect([sold!.delta, sold!.variant]).toEqual([-1, sold!.sku]);
    expect(sold!.sku).toMatch(/\S/);
    expect((await ledger(`search=nothing-like-${tag}`)).results).toEqual([]);
    // One kind of match alone (the product's name): a page by date holds its newest (or oldest) rows,
    // and the count is every match, not what one page needed.
    const byName = `search=${encodeURIComponent(`Ledger lamp ${tag}`)}`;
    const newest = await ledger(`${byName}&ordering=-created_at&page_size=1`);
    expect([newest.count, deltas(newest)]).toEqual([3, [-1]]);
    expect(deltas(await ledger(`${byName}&ordering=-created_at&page_size=1&page=2`))).toEqual([3]);
    const oldest = await ledger(`${byName}&ordering=created_at&page_size=1&page=2`);
    expect([oldest.count, deltas(oldest)]).toEqual([3, [3]]);
  });

  it('pages a search by date by the dates, not by the order the rows were written', async () => {
    const category = await newCategory();
    const tag = uniq();
    const lamp = await newProduct(category.id, { stock: 0, colors: [], sizes: [] });
    // Found by their reason (a trigram index, which reads rows in the order they were written).
    const reason = `Dated ${tag}`;
    for (const delta of [1, 2, 3])
      expect((await bo('POST', `/stock/${lamp.id}/adjust/`, { delta, reason })).statusCode).toBe(200);
    // The first written is dated last, the last written first (rows imported from elsewhere, say).
    for (const delta of [1, 2, 3]) {
      await t.database.db
        .update(tabernaStockLedger)
        .set({ createdAt: new Date(Date.now() - delta * 60_000) })
        .where(and(eq(tabernaStockLedger.productId, lamp.id), eq(tabernaStockLedger.delta, delta)));
    }
    const page = async (query: string) =>
      (
        (await bo('GET', `/stock/?search=${encodeURIComponent(reason)}&page_size=1&${query}`)).json() as {
          results: { delta: number }[];
        }
      ).results.map((row) => row.delta);
    expect(await page('ordering=created_at')).toEqual([3]);
    expect(await page('ordering=created_at&page=2')).toEqual([2]);
    expect(await page('ordering=-created_at')).toEqual([1]);
    expect(await page('ordering=-created_at&page=3')).toEqual([3]);
  });

  it('names the variant to adjust on a product of several, audits the change, and refuses one twice in a bulk change', async () => {
    const category = await newCategory();
    const lamp = await newProduct(category.id, { stock: 0, colors: ['Blue', 'Red'], sizes: ['S'] });
    const { results: variants } = (await bo('GET', `/products/${lamp.id}/variants/`)).json() as { results: { id: number }[] };
    const unnamed = await bo('POST', `/stock/${lamp.id}/adjust/`, { delta: 1, reason: 'Delivery' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ variant_id: [`${lamp.name} has 2 variants: choose one.`] });
    const unknown = await bo('POST', `/stock/${lamp.id}/adjust/`, { delta: 1, reason: 'Delivery', variant_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: `No variant 999999 of ${lamp.name}.` });

    const added = await bo('POST', `/stock/${lamp.id}/adjust/`, { delta: 4, reason: 'Delivery', variant_id: variants[1]!.id });
    expect(added.json()).toEqual({ product_id: lamp.id, stock: 4, variant_id: variants[1]!.id, variant_stock: 4 });
    const [entry] = await auditOf(`product:${lamp.id}`);
    expect(entry).toMatchObject({
      action: 'stock.adjust',
      target: `product:${lamp.id} ${lamp.name} (Red / S)`,
      before: { stock: 0, variant_id: variants[1]!.id, variant_stock: 0 },
      after: { stock: 4, variant_stock: 4, delta: 4, reason: 'Delivery' },
    });
    const twice = await bo('POST', '/stock/adjust/', {
      items: [
        { product_id: lamp.id, variant_id: variants[0]!.id, delta: 1 },
        { product_id: lamp.id, variant_id: variants[0]!.id, delta: 2 },
      ],
      reason: 'Count',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ items: ['Each product or variant only once.'] });
    // A variant holds at most 1,000,000: the message names it, and nothing changes.
    const full = await bo('POST', `/stock/${lamp.id}/adjust/`, {
      delta: 999_996,
      reason: 'Delivery',
      variant_id: variants[1]!.id,
    });
    expect(full.statusCode).toBe(200);
    const over = await bo('POST', `/stock/${lamp.id}/adjust/`, { delta: 1, reason: 'Delivery', variant_id: variants[1]!.id });
    expect([over.statusCode, over.json()]).toEqual([
      400,
      { delta: [`${lamp.name} (Red / S) has 1000000 in stock: a variant holds at most 1,000,000.`] },
    ]);
    const under = await bo('POST', `/stock/${lamp.id}/adjust/`, { delta: -1, reason: 'Broken', variant_id: variants[0]!.id });
    expect(under.json()).toEqual({ delta: [`${lamp.name} (Blue / S) has 0 in stock: it cannot go below 0.`] });
    expect(
      (await bo('POST', `/stock/${lamp.id}/adjust/`, { delta: -999_996, reason: 'Count', variant_id: variants[1]!.id }))
        .statusCode,
    ).toBe(200);
    // Two variants of one product are two changes, applied in order.
    const both = await bo('POST', '/stock/adjust/', {
      items: [
        { product_id: lamp.id, variant_id: variants[1]!.id, delta: 1 },
        { product_id: lamp.id, variant_id: variants[0]!.id, delta: 2 },
      ],
      reason: 'Count',
    });
    expect(both.json()).toEqual({
      results: [
        { product_id: lamp.id, stock: 6, variant_id: variants[0]!.id, variant_stock: 2 },
        { product_id: lamp.id, stock: 7, variant_id: variants[1]!.id, variant_stock: 5 },
      ],
    });
  });

  it('writes the release of an order that expired unpaid', async () => {
    const product = await createProduct(t.database.db, { stock: 4 });
    const customer = await member(t);
    await placeOrder(t, customer, product.id, 1);
    const orderId = await newestOrderId(t, staff, customer);
    await t.database.db
      .update(tabernaOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tabernaOrders.id, orderId));
    await t.app.scheduler.runNow(EXPIRE_ORDERS_JOB);
    const ledger = (await bo('GET', `/stock/?product_id=${product.id}&kind=release`)).json() as {
      results: { delta: number; reason: string; stock_after: number }[];
    };
    expect(ledger.results).toEqual([expect.objectContaining({ delta: 1, reason: 'Order expired unpaid', stock_after: 4 })]);
    expect(((await bo('GET', `/orders/${orderId}/`)).json() as { status: string }).status).toBe('expired');
  });
});
