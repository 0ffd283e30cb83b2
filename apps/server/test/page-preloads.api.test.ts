import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import { announceChange } from '../src/core/public-cache.js';
import { withPreloads } from '../src/core/web-app.plugin.js';
import { SHOP_PAGE_MODULES } from '../src/taberna/page-preloads.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { fakeWebDist } from './support/web-dist.js';

const events = createMemoryEventBus();
let t: TestApp;
let web: Awaited<ReturnType<typeof fakeWebDist>>;

beforeAll(async () => {
  // A head with the nonce and the entry script, as Vite writes it, and its manifest: the product
  // page's chunk imports one chunk of its own and one the template already names.
  web = await fakeWebDist({
    '.vite/manifest.json': JSON.stringify({
      'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
      'src/apps/taberna/pages/product-page.tsx': { file: 'assets/product-page.js', imports: ['_grid.js', 'index.html'] },
      'src/apps/taberna/layout/taberna-layout.tsx': { file: 'assets/taberna-layout.js', imports: ['_react.js'] },
    }),
    'index.html':
      '<html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/react.js"></head><body></body></html>',
  });
  t = await createTestApp({ SEED_DEMO: 'true', WEB_DIST_DIR: web.dir }, undefined, { events });
}, 120_000);
afterAll(async () => {
  await t.close();
  await events.close();
  await web.remove();
});

const PRODUCT_PAGE = '/taberna-store/category/clothing/organic-cotton-t-shirt/';
const PRODUCT_API = '/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt/';
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1]);

describe("the product page's HTML", () => {
  it('preloads the picture the page opens with, the very URL its API answer gives, ahead of the scripts', async () => {
    for (const host of ['portal.test', '127.0.0.1:8390']) {
      const api = await t.app.inject({ method: 'GET', url: PRODUCT_API, headers: { host } });
      const image = (api.json() as { product: { image: string } }).product.image;
      expect(image).toMatch(/\/static\/media\/store\/products\/organic-cotton-t-shirt\.webp$/);
      const page = await t.app.inject({ method: 'GET', url: PRODUCT_PAGE, headers: { host, accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(preloads(page.body)).toEqual([image]);
      expect(page.body.indexOf('rel="preload"')).toBeLessThan(page.body.indexOf('<script'));
      // The page's and its layout's chunks and what they import, but not what the template has already.
      const modules = [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(modules.sort()).toEqual(['/assets/grid.js', '/assets/product-page.js', '/assets/taberna-layout.js']);
      // The CSP nonce is still filled in, and named by the policy.
      const nonce = /content="([0-9a-f]{32})"/.exec(page.body)?.[1];
      expect(String(page.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    }
    // Without the trailing slash, and with a query, it is the same page.
    const bare = await t.app.inject({ method: 'GET', url: `${PRODUCT_PAGE.slice(0, -1)}?from=search` });
    expect(preloads(bare.body)).toHaveLength(1);
  });

  it('preloads nothing for an unknown product, a malformed path or any other page', async () => {
    for (const url of [
      '/taberna-store/category/clothing/no-such-product/',
      '/taberna-store/category/clothing/%E0%A4%A/',
      '/taberna-store/category/clothing/',
      '/taberna/cart',
      '/',
      '/social/home',
    ]) {
      const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      // The router answers a malformed address itself (400); every other path gets the page.
      expect(page.statusCode, url).toBe(url.includes('%') ? 400 : 200);
      expect(page.body, url).not.toContain('rel="preload"');
      if (!url.startsWith('/taberna-store/category/clothing/no-such'))
        expect(page.body, url).not.toContain('rel="modulepreload" crossorigin');
    }
  });

  it('stops preloading a product that is hidden once the shop changes', async () => {
    const url = '/taberna-store/category/clothing/hooded-sweatshirt/';
    expect(preloads((await t.app.inject({ method: 'GET', url })).body)).toHaveLength(1);
    await t.database.db.execute(sql`update taberna_products set hidden_at = now() where slug = 'hooded-sweatshirt'`);
    // Kept while the shop has not announced a change (one read per product and minute, not per page view).
    expect(preloads((await t.app.inject({ method: 'GET', url })).body)).toHaveLength(1);
    await announceChange(events, ['shop']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(preloads((await t.app.inject({ method: 'GET', url })).body)).toEqual([]);
  });
});

describe("the shop home's HTML", () => {
  it("preloads the first of the latest products' pictures, as the API gives it", async () => {
    const latest = (await t.app.inject({ method: 'GET', url: '/taberna-store/api/v1/latest-products/' })).json() as {
      image: string;
    }[];
    const page = await t.app.inject({ method: 'GET', url: '/taberna', headers: { accept: 'text/html' } });
    expect(preloads(page.body)).toEqual([latest[0]!.image]);
  });
});

describe('the modules the shop pages preload', () => {
  it('are files of the web app (a renamed page or layout fails here)', async () => {
    const webSource = path.resolve(import.meta.dirname, '../../web');
    for (const module of new Set(Object.values(SHOP_PAGE_MODULES).flat())) {
      await expect(fs.access(path.join(webSource, module)), module).resolves.toBeUndefined();
    }
  });
});

describe('withPreloads', () => {
  it('escapes the address and leaves a template without images as it was', () => {
    const html = '<html><head><script src="/a.js"></script></head></html>';
    expect(withPreloads(html, [])).toBe(html);
    const out = withPreloads(html, ['https://cdn.example/a"b<c>&d.webp']);
    expect(out).toContain('href="https://cdn.example/a&quot;b&lt;c&gt;&amp;d.webp"');
    expect(withPreloads('<head></head>', ['/x.webp'])).toContain('<link rel="preload" as="image" href="/x.webp"');
    expect(withPreloads('<head><script src="/assets/a.js"></script></head>', [], ['assets/a.js', 'assets/b.js'])).toBe(
      '<head><script src="/assets/a.js"></script><link rel="modulepreload" crossorigin href="/assets/b.js">\n    </head>',
    );
  });
});
