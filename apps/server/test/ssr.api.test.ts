import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects, tabernaProducts } from '../src/db/schema/index.js';
import { announceChange } from '../src/core/public-cache.js';
import { createMemoryEventBus } from '../src/core/events/memory-event-bus.js';
import { createPost, socialUser } from './support/social.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { fakeWebDist } from './support/web-dist.js';

/**
 * Server rendering (issue 12) with a stand-in for the web build's server bundle (`dist-ssr`,
 * `apps/web/src/entry-server.tsx`): `/` opts in with the apps list, `/social/home` with the feed,
 * the trends and the settings (as its route declares them), `/broken` opts in but its render
 * throws, `/product` reads a product (a route with parameters), `/missing` one that does not exist;
 * every render is counted, so a test sees whether a request rendered again.
 */
const FAKE_SSR = `
const counter = (globalThis.__fakeSsr ??= { renders: 0 });
export function ssrData(pathname) {
  if (pathname === '/' || pathname === '/broken') return [{ key: ['apps-manager', 'projects'], path: '/api/v1/vue-apps/' }];
  if (pathname === '/product') return [{ key: ['taberna', 'product'], path: '/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt' }];
  if (pathname === '/missing') return [{ key: ['taberna', 'product'], path: '/taberna-store/api/v1/products/clothing/no-such-product' }];
  if (pathname === '/social/home')
    return [
      { key: ['social', 'posts', 'feed', null], path: '/api/social-posts/', infinite: true },
      { key: ['social', 'trends'], path: '/api/social-posts/trends/' },
      { key: ['portal-settings'], path: '/api/v1/portal-settings/' },
    ];
  return null;
}
export async function render(url, { nonce, data }) {
  counter.renders += 1;
  if (url === '/broken') throw new Error('the render broke');
  if (url === '/product') return { html: '<main><h1>' + data[0].data.product.name + '</h1></main>', styles: '', state: '{}' };
  if (url === '/social/home') {
    const posts = data[0].data.results.posts.map((post) => '<li>' + post.body.replace(/</g, '&lt;') + '</li>').join('');
    return { html: '<main><h1>Latest posts</h1><ul>' + posts + '</ul></main>', styles: '', state: '{"queries":[]}' };
  }
  const names = data[0].data.map((app) => '<li>' + app.title.replace(/</g, '&lt;') + '</li>').join('');
  return {
    html: '<main><h2>Apps</h2><ul>' + names + '</ul></main>',
    styles: '<style data-emotion="css abc" nonce="' + nonce + '">.css-abc{color:red}</style>',
    state: JSON.stringify({ queries: data }).replace(/</g, '\\\\u003c'),
  };
}
export function headScript() {
  return 'document.documentElement.dataset.fakeHead = "1"';
}
`;

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="csp-nonce" content="__CSP_NONCE__" />
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body>
    <div id="root">
      <div class="portal-boot" role="progressbar" aria-label="Loading the portal">
        <svg viewBox="0 0 44 44" width="44" height="44" aria-hidden="true" focusable="false"></svg>
      </div>
    </div>
    <noscript>The portal needs JavaScript to run.</noscript>
  </body>
</html>
`;

const renders = () => (globalThis as { __fakeSsr?: { renders: number } }).__fakeSsr?.renders ?? 0;
const events = createMemoryEventBus();
let web: Awaited<ReturnType<typeof fakeWebDist>>;
let t: TestApp;
let plain: TestApp;
let follows: TestApp;
const logLines: string[] = [];
const followsLog: string[] = [];

beforeAll(async () => {
  web = await fakeWebDist({ 'index.html': TEMPLATE, '../dist-ssr/entry-server.js': FAKE_SSR });
  [t, plain, follows] = await Promise.all([
    createTestApp({ SEED_DEMO: 'true', WEB_DIST_DIR: web.dir }, undefined, { events, logLines }),
    createTestApp({ SEED_DEMO: 'true', WEB_DIST_DIR: web.dir, SSR: 'off' }),
    // No PUBLIC_URL: the API's links follow the address the portal is reached at (issue 14.6).
    createTestApp({ SEED_DEMO: 'true', WEB_DIST_DIR: web.dir, PUBLIC_URL: '' }, undefined, { logLines: followsLog }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t.close(), plain.close(), follows.close()]);
  await events.close();
  await web.remove();
});

const page = (app: TestApp, url = '/', host?: string) =>
  app.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(host ? { host } : {}) } });
/**
 * The page once its render is current: the demo's trends job may announce a social change of its
 * own after the app starts (or after a post), so a page is asked for until a request renders nothing.
 */
async function settled(url: string) {
  for (let tries = 0; ; tries += 1) {
    const before = renders();
    const answer = await page(t, url);
    if (renders() === before || tries === 5) return answer;
  }
}
/** The apps' pictures in a page's state. */
const photos = (html: string) =>
  (
    JSON.parse(/id="portal-ssr-state" nonce="[0-9a-f]+">([^<]*)</.exec(html)![1]!) as {
      queries: { data: { photo: string | null }[] }[];
    }
  ).queries[0]!.data.map((app) => app.photo);
/** The nonces the page's CSP allows, style and script. */
function nonces(csp: string) {
  return {
    style: /style-src[^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1],
    script: /script-src[^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1],
  };
}

describe('a server-rendered page', () => {
  it("answers / with the rendered markup, its styles and state, each style and script tag with the response's nonces", async () => {
    const response = await page(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    const { style, script } = nonces(String(response.headers['content-security-policy']));
    expect(style).toMatch(/^[0-9a-f]{32}$/);
    expect(script).toMatch(/^[0-9a-f]{32}$/);
    // The seeded apps, rendered inside #root (marked), the spinner beside it for visitors it does not show.
    expect(html).toMatch(/<div id="root" data-ssr><main><h2>Apps<\/h2><ul>(<li>[^<]+<\/li>)+<\/ul><\/main><\/div>/);
    expect(html).toContain('<li>Taberna E-com</li>');
    expect(html).toContain('<li>Social Network</li>');
    expect(html).toContain('<div class="portal-boot" data-ssr-boot role="progressbar"');
    // The state the browser hydrates with: the apps list as the API answers it, in a script that is not run.
    const state = /<script type="application\/json" id="portal-ssr-state" nonce="([0-9a-f]+)">([^<]*)<\/script>/.exec(html);
    expect(state?.[1]).toBe(script);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' });
    expect(JSON.parse(state![2]!)).toEqual({ queries: [{ key: ['apps-manager', 'projects'], data: api.json() }] });
    // The head script before the title (it runs before the page paints), the styles at the end of the head.
    expect(html).toMatch(
      new RegExp(`<script nonce="${script}">document\\.documentElement\\.dataset\\.fakeHead = "1"</script>\\s*<title>`),
    );
    expect(html).toMatch(new RegExp(`<style data-emotion="css abc" nonce="${style}">[^<]*</style>\\s*</head>`));
    // Every style and script element carries the response's nonce (the module script is external).
    for (const tag of html.match(/<(style|script)\b[^>]*>/g) ?? []) {
      if (tag.includes(' src=')) continue;
      expect(tag).toMatch(new RegExp(`nonce="(${style}|${script})"`));
    }
    expect(html).not.toContain('__CSP_');
    // The app's modules are requested once the page has painted, by a script with the nonce; the stylesheet stays.
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module" crossorigin src=');
    const boot = new RegExp(`<script type="module" nonce="${script}">([\\s\\S]*?)</script>`).exec(html)?.[1];
    expect(boot).toContain('["/assets/react.js"]');
    expect(boot).toContain('import("/assets/index.js")');
    expect(boot).toContain('requestAnimationFrame');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
  });

  it('is compressed for browsers that take it', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(body.toString('utf8')).toContain('<div id="root" data-ssr>');
    }
  });

  it('is rendered once and served from memory (fresh nonces each time) until the apps change', async () => {
    await page(t);
    const before = renders();
    const [first, second] = [await page(t), await page(t)];
    expect(renders()).toBe(before);
    expect(nonces(String(first.headers['content-security-policy'])).style).not.toBe(
      nonces(String(second.headers['content-security-policy'])).style,
    );
    expect(second.body).toContain(`nonce="${nonces(String(second.headers['content-security-policy'])).style}"`);
    // Another scope's change (the shop) leaves the landing page's render alone.
    await announceChange(events, ['shop']);
    await page(t);
    expect(renders()).toBe(before);

    // A new app, announced as the apps scope's change (as a job or another instance does): rendered again, with it.
    await t.database.db.insert(projects).values({ title: 'Freshly Listed', slug: 'freshly-listed', description: 'New.' });
    expect((await page(t)).body).not.toContain('Freshly Listed');
    await announceChange(events, ['apps']);
    const after = await page(t);
    expect(renders()).toBe(before + 1);
    expect(after.body).toContain('<li>Freshly Listed</li>');
    expect(logLines.some((line) => line.includes('server-rendered a page'))).toBe(true);
  });

  it("keeps a product's page (an API route with parameters) across a social change, and renders it again after a shop change", async () => {
    expect(t.app.contentVersion(['/taberna-store/api/v1/products/clothing/organic-cotton-t-shirt'])).toMatch(/^shop:\d+$/);
    expect((await page(t, '/product')).body).toContain('<h1>Organic Cotton T-Shirt</h1>');
    const before = renders();
    await announceChange(events, ['social']);
    await page(t, '/product');
    expect(renders()).toBe(before);
    await announceChange(events, ['shop']);
    expect((await page(t, '/product')).body).toContain('<h1>Organic Cotton T-Shirt</h1>');
    expect(renders()).toBe(before + 1);
  });

  it('renders /social/home once, then again after a new post: a social write changes its render, a shop change does not', async () => {
    const author = await socialUser(t);
    expect((await createPost(t, author, 'Before the render')).statusCode).toBe(200);
    const first = await settled('/social/home');
    expect(first.body).toContain('<div id="root" data-ssr>');
    expect(first.body).toContain('<li>Before the render</li>');
    const before = renders();
    await announceChange(events, ['shop']);
    expect((await page(t, '/social/home')).body).toContain('<li>Before the render</li>');
    expect(renders()).toBe(before);

    // A post written through the API (the public cache's write hook announces the social scope).
    expect((await createPost(t, author, 'Fresh <news>')).statusCode).toBe(200);
    const after = await page(t, '/social/home');
    expect(renders()).toBe(before + 1);
    expect(after.body).toContain('<li>Fresh &lt;news></li>');
    // The settings (the apps scope) are in its data too: an apps change renders it again.
    await settled('/social/home');
    const beforeApps = renders();
    await announceChange(events, ['apps']);
    await page(t, '/social/home');
    expect(renders()).toBe(beforeApps + 1);
  });

  it("audit S3: puts the response's nonces only where the server wrote them, never into a product's or person's text", async () => {
    const named = 'Tee __CSP_SCRIPT_NONCE__ __CSP_NONCE__';
    const rename = async (name: string) => {
      await t.database.db.update(tabernaProducts).set({ name }).where(eq(tabernaProducts.slug, 'organic-cotton-t-shirt'));
      await announceChange(events, ['shop']);
    };
    await rename(named);
    try {
      const response = await page(t, '/product');
      const { style, script } = nonces(String(response.headers['content-security-policy']));
      expect(response.body).toContain(`<h1>${named}</h1>`);
      expect(response.body).toContain(`<script type="application/json" id="portal-ssr-state" nonce="${script}">`);
      // Each nonce only in nonce attributes (and the meta tag the web app reads the style nonce from).
      for (const nonce of [style!, script!]) {
        const everywhere = response.body.split(nonce).length - 1;
        const inAttributes =
          response.body.split(`nonce="${nonce}"`).length - 1 + response.body.split(`content="${nonce}"`).length - 1;
        expect(everywhere).toBeGreaterThan(0);
        expect(everywhere).toBe(inAttributes);
      }
    } finally {
      await rename('Organic Cotton T-Shirt');
    }
  });

  it('renders once for requests that arrive together', async () => {
    await announceChange(events, ['apps']);
    const before = renders();
    const answers = await Promise.all(Array.from({ length: 5 }, () => page(t)));
    expect(answers.every((answer) => answer.body.includes('<div id="root" data-ssr>'))).toBe(true);
    expect(renders()).toBe(before + 1);
  });

  it('serves a path with a query string, and a route that does not opt in, plain: no render of their own', async () => {
    const before = renders();
    for (const url of ['/?utm_source=mail', '/taberna']) {
      const response = await page(t, url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.body).not.toContain('data-ssr');
      expect(response.body).not.toContain('portal-ssr-state');
    }
    expect(renders()).toBe(before);
  });

  it('falls back to the plain page (200, the spinner) when the render throws, and logs it', async () => {
    const response = await page(t, '/broken');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">\n      <div class="portal-boot" role="progressbar"');
    expect(response.body).not.toContain('data-ssr');
    expect(logLines.some((line) => line.includes('server rendering failed') && line.includes('the render broke'))).toBe(true);
    // Not tried again on every request: the failure is kept for a while.
    const before = renders();
    expect((await page(t, '/broken')).statusCode).toBe(200);
    expect(renders()).toBe(before);
  });
});

describe('a page whose data is not there (a product that does not exist)', () => {
  it('is served plain (200, the spinner) without rendering, logged as information rather than a failure', async () => {
    const before = renders();
    const response = await page(t, '/missing');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">\n      <div class="portal-boot" role="progressbar"');
    expect(renders()).toBe(before);
    const line = logLines.find((one) => one.includes('nothing to render'));
    expect(line).toContain('"status":404');
    expect(logLines.some((one) => one.includes('server rendering failed') && one.includes('/missing'))).toBe(false);
  });
});

describe('without PUBLIC_URL (links follow the address the portal is reached at)', () => {
  it("renders each origin's page with that origin's links, the visitor's other headers left out", async () => {
    const first = await page(follows, '/', 'portal-a.test:8080');
    const second = await page(follows, '/', 'portal-b.test');
    expect(photos(first.body).every((photo) => photo?.startsWith('http://portal-a.test:8080/'))).toBe(true);
    expect(photos(second.body).every((photo) => photo?.startsWith('http://portal-b.test/'))).toBe(true);
    expect(photos(first.body).length).toBeGreaterThan(0);
  });

  it('keeps renders within a budget: past it, pages of new origins are served plain (200), not rendered', async () => {
    const before = renders();
    const answers = [];
    for (let n = 0; n < 25; n += 1) answers.push(await page(follows, '/', `host-${n}.test`));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const rendered = answers.filter((answer) => answer.body.includes('<div id="root" data-ssr>')).length;
    expect(rendered).toBeLessThan(25);
    expect(renders() - before).toBe(rendered);
    expect(answers.at(-1)!.body).not.toContain('data-ssr');
    expect(followsLog.some((line) => line.includes('server render budget spent'))).toBe(true);
  });
});

describe('SSR=off', () => {
  it('serves the plain page: the spinner in #root, no state, the entry script and its preloads as built', async () => {
    const response = await page(plain);
    expect(response.body).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react.js">');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">\n      <div class="portal-boot" role="progressbar"');
    expect(response.body).not.toContain('data-ssr');
    expect(response.body).not.toContain('portal-ssr-state');
  });
});
