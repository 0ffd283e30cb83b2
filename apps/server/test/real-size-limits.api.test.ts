import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_COUNT_CAP,
  LIST_SEARCH_COUNT_CAP,
  SEARCH_MATCH_CAP,
  type CategoryWithProducts,
  type Comment,
  type ListPage,
  type Order,
  type PostDetail,
  type SearchPage,
} from '@portal/contracts';
import { createDiskMediaStorage } from '../src/core/media/disk-media-storage.js';
import { BUSY_MESSAGE, SLOW_MESSAGE } from '../src/core/expensive-reads.js';
import { seedScale } from '../src/seed/scale/seed-scale.js';
import { bearer, socialLogin } from './support/accounts.js';
import { member } from './support/backoffice.js';
import { shopLogin } from './support/taberna.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 24: searches and other expensive reads are limited (one at a time here, none waiting) and
 * timed out, answered 503 with Retry-After at once while the rest answers; counts stop at their
 * cap; the lists that grow page on request (categories, order history, comments) and their pages
 * together are the whole list. On a database of scale 1 made by the generator.
 */
let t: TestApp;
let hub: { headers: Record<string, string> };
let customer: { headers: Record<string, string> };
const PASSWORD = 'portal-demo-2026';

const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
const get = (url: string, who?: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const search = (query: string, who?: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/social-posts/search/', headers: who?.headers ?? {}, payload: { query } });

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_CACHE: 'off',
    EXPENSIVE_READ_CONCURRENCY: '1',
    EXPENSIVE_READ_QUEUE_WAIT: '0',
    EXPENSIVE_READ_TIMEOUT: '2s',
  });
  await seedScale(t.database.db, {
    scale: 1,
    media: createDiskMediaStorage(path.join(t.dataDir, 'media'), t.config.publicUrl),
    taxRateBp: t.config.shop.taxRateBp,
  });
  const person = (n: number) => ({
    email: `scale-${n}@example.com`,
    password: PASSWORD,
    username: '',
    first_name: '',
    last_name: '',
  });
  hub = { headers: bearer((await socialLogin(t.app, person(1))).access) };
  customer = { headers: bearer((await shopLogin(t.app, person(2))).access) };
}, 600_000);
afterAll(() => t.close());

describe('expensive reads', () => {
  it('answer 503 with Retry-After at once past the limit, and when a statement runs past its timeout, while the feed answers', async () => {
    // Holding the dictionary of words makes a typo search wait (in its one slot) until its timeout.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table social_search_words in access exclusive mode');
      const slow = search('mountian');
      for (;;) {
        const waiting = await holder.query(
          `select 1 from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'social_search_words' and not l.granted`,
        );
        if (waiting.rowCount) break;
      }
      for (const busy of [
        search('mountain'),
        get('/api/search/?q=garden'),
        t.app.inject({ method: 'POST', url: '/taberna-store/api/v1/products/search/', payload: { query: 'cotton' } }),
      ]) {
        const started = Date.now();
        const refused = await busy;
        expect(Date.now() - started).toBeLessThan(1000);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(Object.values(refused.json() as object)).toContain(BUSY_MESSAGE);
      }
      expect((await get('/api/social-posts/')).statusCode).toBe(200);
      expect((await get('/api/social-posts/', hub)).statusCode).toBe(200);
      const timedOut = await slow;
      expect(timedOut.statusCode).toBe(503);
      expect(timedOut.headers['retry-after']).toBe('5');
      expect(timedOut.json()).toEqual({ detail: SLOW_MESSAGE });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await search('mountian')).statusCode).toBe(200);
  });
});

describe('counts stop at their cap', () => {
  it('a search counts at most the newest 1,000 matches, and says so', async () => {
    const author = await one<{ id: number }>(sql`select p.id from social_profiles p join accounts a on a.id = p.account_id
      where a.email = 'scale-5@example.com'`);
    await t.database.db.execute(sql`insert into social_posts (id, created_by_id, body)
      select gen_random_uuid(), ${author.id}, 'A zebracorn sighting, number ' || g from generate_series(1, ${SEARCH_MATCH_CAP + 5}) g`);
    const found = (await search('zebracorn')).json() as SearchPage;
    expect(found).toMatchObject({ count: SEARCH_MATCH_CAP, count_capped: true });
    expect(found.next).not.toBeNull();
    const typo = (await search('zebrcorn')).json() as SearchPage;
    expect(typo).toMatchObject({ count: SEARCH_MATCH_CAP, count_capped: true });
    expect((await search('mountain')).json()).toMatchObject({ count_capped: false });
  });

  it('a back-office list counts at most 10,000 rows (1,000 searched), says so, and pages on while pages are full', async () => {
    await t.database.db.execute(sql`insert into backoffice_audit (actor_email, action, target)
      select 'cap@example.com', 'test.cap', 'test:' || g from generate_series(1, ${LIST_COUNT_CAP + 1}) g`);
    const staff = await member(t, 'owner');
    const page = (await get('/api/backoffice/audit/?page_size=100', staff)).json() as ListPage<unknown>;
    expect(page).toMatchObject({ count: LIST_COUNT_CAP, count_capped: true });
    expect(page.next).toMatch(/page=2/);
    const deep = (
      await get(`/api/backoffice/audit/?page_size=100&page=${LIST_COUNT_CAP / 100 + 1}`, staff)
    ).json() as ListPage<unknown>;
    expect(deep.results.length).toBeGreaterThan(0);
    const past = (
      await get(`/api/backoffice/audit/?page_size=100&page=${LIST_COUNT_CAP / 100 + 2}`, staff)
    ).json() as ListPage<unknown>;
    expect(past).toMatchObject({ results: [], next: null });
    const small = (await get('/api/backoffice/categories/', staff)).json() as ListPage<unknown>;
    expect(small.count_capped).toBe(false);
    // Searched, the list counts to a lower cap, and still pages on past it.
    const searched = (await get('/api/backoffice/audit/?search=test.cap&page_size=100', staff)).json() as ListPage<unknown>;
    expect(searched).toMatchObject({ count: LIST_SEARCH_COUNT_CAP, count_capped: true });
    const pastSearchCap = (
      await get(`/api/backoffice/audit/?search=test.cap&page_size=100&page=${LIST_SEARCH_COUNT_CAP / 100 + 1}`, staff)
    ).json() as ListPage<unknown>;
    expect(pastSearchCap.results).toHaveLength(100);
    expect(pastSearchCap.next).toMatch(/page=12/);
  });
});

describe('lists page on request, and their pages together are the whole list', () => {
  it('a category, in each order, and refuses a bad page size', async () => {
    for (const sort of ['newest', 'price', '-price', 'rating']) {
      const all = (await get(`/taberna-store/api/v1/products/clothing/?sort=${sort}`)).json() as CategoryWithProducts;
      expect(all.products.length).toBeGreaterThan(3);
      const paged: number[] = [];
      let after: number | undefined;
      for (;;) {
        const page = (
          await get(`/taberna-store/api/v1/products/clothing/?sort=${sort}&page_size=2${after ? `&after=${after}` : ''}`)
        ).json() as CategoryWithProducts;
        expect(page.facets).toEqual(all.facets);
        paged.push(...page.products.map((product) => product.id));
        if (page.products.length < 2) break;
        after = page.products.at(-1)!.id;
      }
      expect(paged, sort).toEqual(all.products.map((product) => product.id));
    }
    for (const bad of ['page_size=0', 'page_size=101', 'page_size=x', 'page_size=2&after=-1'])
      expect((await get(`/taberna-store/api/v1/products/clothing/?${bad}`)).statusCode, bad).toBe(400);
  });

  it('the order history of a customer with 100 orders, newest first', async () => {
    const all = (await get('/taberna-profiles/api/v1/orders/', customer)).json() as Order[];
    expect(all).toHaveLength(100);
    const paged: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = (
        await get(`/taberna-profiles/api/v1/orders/?page_size=30${before ? `&before=${before}` : ''}`, customer)
      ).json() as Order[];
      paged.push(...page.map((order) => order.id));
      if (page.length < 30) break;
      before = page.at(-1)!.id;
    }
    expect(paged).toEqual(all.map((order) => order.id));
    // Another customer's order starts nothing.
    const other = await one<{ id: number }>(sql`select o.id from taberna_orders o join accounts a on a.id = o.account_id
      where a.email <> 'scale-2@example.com' order by o.id limit 1`);
    expect((await get(`/taberna-profiles/api/v1/orders/?page_size=30&before=${other.id}`, customer)).json()).toEqual([]);
    expect((await get('/taberna-profiles/api/v1/orders/?page_size=0', customer)).statusCode).toBe(400);
  });

  it("a post's comments, oldest first, from the post's first page on; none of a post one may not see", async () => {
    const post = await one<{ id: string }>(sql`select p.id from social_posts p join social_profiles s on s.id = p.created_by_id
      join accounts a on a.id = s.account_id where a.email = 'scale-1@example.com' order by p.created_at desc limit 1`);
    const all = ((await get(`/api/social-posts/${post.id}/`, hub)).json() as { post: PostDetail }).post;
    expect(all.comments.length).toBeGreaterThanOrEqual(200);
    const first = ((await get(`/api/social-posts/${post.id}/?comments_page_size=50`, hub)).json() as { post: PostDetail }).post;
    expect(first.comments_count).toBe(all.comments_count);
    const paged = first.comments.map((comment) => comment.id);
    let after = paged.at(-1)!;
    for (;;) {
      const page = (await get(`/api/social-posts/${post.id}/comments/?page_size=50&after=${after}`, hub)).json() as Comment[];
      paged.push(...page.map((comment) => comment.id));
      if (page.length < 50) break;
      after = page.at(-1)!.id;
    }
    expect(paged).toEqual(all.comments.map((comment) => comment.id));
    expect(((await get(`/api/social-posts/${post.id}/comments/`, hub)).json() as Comment[]).length).toBe(20);
    const hidden = await one<{ id: string }>(sql`select id from social_posts where is_private limit 1`);
    expect((await get(`/api/social-posts/${hidden.id}/comments/`)).statusCode).toBe(404);
    expect((await get(`/api/social-posts/${post.id}/comments/?after=nope`, hub)).statusCode).toBe(400);
  });
});
