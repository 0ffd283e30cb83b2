import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
}, 120_000);
afterAll(() => t.close());

type Product = { name: string; slug: string; price: string; stock: number; average_rating: number | null };
type Category = { name: string; products: Product[]; facets: { colors: string[]; sizes: string[] } };
const category = async (slug: string, query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/taberna-store/api/v1/products/${slug}/${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Category;
};
const names = (c: Category) => c.products.map((p) => p.name);
/** The demo products that come in red. */
const REDS = [
  'Organic Cotton T-Shirt',
  'Packable Rain Jacket',
  'Canvas Sneakers',
  'Wool Throw Cushion',
  'Baseball Cap',
  'Camping Mug',
];

const search = async (query: string) =>
  (
    (
      await t.app.inject({ method: 'POST', url: '/taberna-store/api/v1/products/search/', payload: { query } })
    ).json() as Product[]
  ).map((p) => p.name);

describe('taberna category sorting and filters', () => {
  it('sorts by price both ways, by rating (unrated last) and by newest (the default)', async () => {
    const plain = await category('clothing');
    expect(names(await category('clothing', '?sort=newest'))).toEqual(names(plain));
    const cheapFirst = (await category('clothing', '?sort=price')).products.map((p) => Number(p.price));
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    expect(cheapFirst[0]).toBe(19.99);
    const dearFirst = (await category('clothing', '?sort=-price')).products.map((p) => Number(p.price));
    expect(dearFirst).toEqual([...cheapFirst].reverse());
    const ratings = (await category('clothing', '?sort=rating')).products.map((p) => p.average_rating);
    const rated = ratings.filter((r): r is number => r !== null);
    expect(rated.length).toBeGreaterThan(0);
    expect(ratings.slice(0, rated.length)).toEqual([...rated].sort((a, b) => b - a));
  });

  it('filters by price range, colour, size and stock, and lists the colours and sizes to choose from', async () => {
    const plain = await category('clothing');
    expect(plain.facets.colors).toEqual(expect.arrayContaining(['Red', 'Blue', 'White', 'Navy']));
    expect(plain.facets.sizes).toEqual(['S', 'M', 'L', 'XL']);
    const range = await category('clothing', '?min_price=40&max_price=69.00');
    expect(names(range).sort()).toEqual(['Hooded Sweatshirt', 'Merino Wool Sweater', 'Packable Rain Jacket']);
    const red = await category('clothing', '?color=red');
    expect(names(red).sort()).toEqual(['Organic Cotton T-Shirt', 'Packable Rain Jacket']);
    expect(red.facets).toEqual(plain.facets);
    expect(names(await category('clothing', '?color=Red&max_price=20'))).toEqual(['Organic Cotton T-Shirt']);
    expect(names(await category('footwear', '?size=44')).length).toBeGreaterThan(0);
    expect(names(await category('clothing', '?size=44'))).toEqual([]);
    const footwear = await category('footwear');
    expect(names(footwear)).toContain('Slip-On Loafers');
    const inStock = await category('footwear', '?in_stock=true&sort=price');
    expect(names(inStock)).not.toContain('Slip-On Loafers');
    expect(inStock.products.every((p) => p.stock > 0)).toBe(true);
    expect(names(await category('footwear', '?in_stock=false'))).toEqual(names(footwear));
  });

  it('answers bad sorting or filter values with field errors', async () => {
    const cases: [string, string][] = [
      ['?sort=cheapest', 'sort'],
      ['?min_price=abc', 'min_price'],
      ['?max_price=-5', 'max_price'],
      ['?min_price=50&max_price=10', 'max_price'],
      ['?max_price=99999999', 'max_price'],
      ['?in_stock=yes', 'in_stock'],
      [`?color=${'x'.repeat(51)}`, 'color'],
      ['?size=', 'size'],
    ];
    for (const [query, field] of cases) {
      const response = await t.app.inject({ method: 'GET', url: `/taberna-store/api/v1/products/clothing/${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json() as Record<string, unknown>;
      expect(Object.keys(body), query).toEqual([field]);
      expect(Array.isArray(body[field]) && typeof (body[field] as unknown[])[0] === 'string', query).toBe(true);
    }
  });
});

describe('taberna search additions', () => {
  it('forgives two swapped letters', async () => {
    expect(await search('Oragnic')).toContain('Organic Cotton T-Shirt');
    expect((await search('Oragnic cotton'))[0]).toBe('Organic Cotton T-Shirt');
    expect(await search('Sneakres')).toEqual(expect.arrayContaining(['Canvas Sneakers', 'High-Top Sneakers']));
  });

  it('matches colour and size words against variations, name matches first', async () => {
    const red = await search('red');
    expect(red).toEqual(expect.arrayContaining(['Organic Cotton T-Shirt', 'Packable Rain Jacket', 'Canvas Sneakers']));
    expect(red).not.toContain('Hooded Sweatshirt');
    // A colour alone: every product that comes in it before any name that only looks like it ("Reading").
    const firstOther = red.findIndex((name) => !REDS.includes(name));
    expect(red.slice(0, REDS.length).sort()).toEqual([...REDS].sort());
    expect(firstOther === -1 || firstOther >= REDS.length).toBe(true);
    const xl = await search('XL');
    expect(xl).toContain('Denim Jacket');
    expect(xl).not.toContain('Canvas Sneakers');
    // "red jacket": the red jacket first, then the other jackets (name matches), then red things.
    const redJacket = await search('red jacket');
    expect(redJacket[0]).toBe('Packable Rain Jacket');
    expect(redJacket.indexOf('Denim Jacket')).toBeLessThan(redJacket.indexOf('Organic Cotton T-Shirt'));
    expect(redJacket).toContain('Organic Cotton T-Shirt');
  });
});
