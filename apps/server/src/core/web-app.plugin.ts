import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { loadClientRoutes } from './client-routes.js';
import { createPageRenderer, loadSsrModule, NoPageData, type RenderedPage } from './page-render.js';
import { acceptedEncoding } from './public-cache.js';
import { requestOrigin } from './request-origin.js';

/** Paths that belong to the API (JSON 404s); every other GET is a client route of the SPA. */
const API_PREFIXES = [
  '/api/',
  '/auth/',
  '/taberna-store/api/',
  '/taberna-cart/api/',
  '/taberna-orders/',
  '/taberna-profiles/api/',
  '/static/',
  '/ws/',
  '/wss/',
  '/assets/',
  '/healthz',
];
const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The template's own placeholders (the web build's `index.html`). */
const TEMPLATE_NONCE = /__CSP_NONCE__/g;
const TEMPLATE_SCRIPT_NONCE = /__CSP_SCRIPT_NONCE__/g;
/**
 * The slots each response's nonces go into, unguessable and this process's own (audit S3): text that
 * a person wrote (a product or a profile named `__CSP_SCRIPT_NONCE__`) is inside a render too, and a
 * slot it could spell would show it the real nonce, letting a later injection pass the CSP.
 */
const SLOT_ID = randomBytes(16).toString('hex');
const STYLE_SLOT = `__CSP_NONCE_${SLOT_ID}__`;
const SCRIPT_SLOT = `__CSP_SCRIPT_NONCE_${SLOT_ID}__`;
/** index.html's #root with the boot spinner inside, which a server-rendered page replaces. */
const ROOT_WITH_SPINNER = /<div id="root">\s*(<div class="portal-boot"[\s\S]*?<\/div>)\s*<\/div>/;

/**
 * What a client route's HTML preloads, by path: the pictures it opens with (its largest paint), and
 * its page's modules as the web build names them (`src/apps/.../pages/x.tsx`, keys of Vite's
 * manifest), so their chunks download beside the entry instead of after it has run.
 */
export interface PagePreloads {
  images: string[];
  modules: string[];
}
export type PagePreloadsFor = (pathname: string) => Promise<PagePreloads>;

/** Vite's `.vite/manifest.json`: each source module's built file and the chunks it imports statically. */
export type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/** The built files of `modules` and of everything they import statically, each once; unknown modules are skipped. */
export function chunkFiles(manifest: ViteManifest, modules: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The template with preload links: the images ahead of its scripts at high priority, so their
 * downloads start with them; the chunks it does not name already at the end of its head, after the
 * entry's and the shell's own (which the page needs first).
 */
export function withPreloads(html: string, images: string[], chunks: string[] = []): string {
  const line = (link: string) => `${link}\n    `;
  const imageLinks = images
    .map((href) => line(`<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high">`))
    .join('');
  const chunkLinks = chunks
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => line(`<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`))
    .join('');
  let out = html;
  if (chunkLinks) out = out.replace('</head>', `${chunkLinks}</head>`);
  if (imageLinks) {
    const at = out.indexOf('<script');
    out = at === -1 ? out.replace('</head>', `${imageLinks}</head>`) : `${out.slice(0, at)}${imageLinks}${out.slice(at)}`;
  }
  return out;
}

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/**
 * A page with its server-rendered view (issue 12): the head script first (it must run before
 * anything paints), Emotion's styles at the end of the head, the markup in #root (marked, with the
 * spinner beside it for visitors it does not show) and the state after it, as JSON that is not run.
 */
export function withRenderedPage(html: string, page: RenderedPage): string | undefined {
  const root = ROOT_WITH_SPINNER.exec(html);
  if (!root) return undefined;
  const spinner = root[1]!.replace('<div class="portal-boot"', '<div class="portal-boot" data-ssr-boot');
  const body =
    `${spinner}\n    <div id="root" data-ssr>${page.html}</div>\n    ` +
    `<script type="application/json" id="portal-ssr-state" nonce="${SCRIPT_SLOT}">${page.state}</script>`;
  const headScript = `<script nonce="${SCRIPT_SLOT}">${page.headScript}</script>\n    `;
  const titleAt = html.indexOf('<title>');
  const withScript =
    titleAt === -1
      ? html.replace('<head>', `<head>\n    ${headScript}`)
      : `${html.slice(0, titleAt)}${headScript}${html.slice(titleAt)}`;
  const entry = ENTRY_SCRIPT.exec(withScript)?.[1];
  const modules: string[] = [];
  const withoutPreloads = entry
    ? withScript.replace(MODULE_PRELOAD, (_link, href: string) => {
        modules.push(href);
        return '';
      })
    : withScript;
  return withoutPreloads
    .replace(ROOT_WITH_SPINNER, () => body)
    .replace(ENTRY_SCRIPT, () => bootAfterPaint(entry!, modules))
    .replace('</head>', () => `${page.styles}\n  </head>`);
}

/** A modulepreload link as Vite and `withPreloads` write them, with the line's indentation. */
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The entry script Vite writes in the head. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * A rendered page starts its scripts once it has painted (issue 12): the first paint needs only the
 * HTML, the stylesheet, the fonts and the pictures, so the app's modules (the entry and what the
 * template preloaded) are requested after the first frame, all at once, and run then: they no longer
 * share the connection with what the page paints first, nor the main thread before it. A page
 * opened in the background (no frames) starts them at once.
 */
function bootAfterPaint(entry: string, modules: string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `<script type="module" nonce="${SCRIPT_SLOT}">const boot = () => {\n` +
    `        for (const href of ${json(modules)}) {\n` +
    `          const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href, crossOrigin: '' });\n` +
    `          document.head.append(link);\n` +
    `        }\n` +
    `        import(${json(entry)});\n` +
    `      };\n` +
    `      if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(boot)); else boot();</script>`
  );
}

function readManifest(distDir: string): ViteManifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  } catch {
    return {};
  }
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed copies when the
 * browser takes them), `index.html` for every client route with a fresh CSP nonce, and JSON
 * 404/405 for API paths.
 */
export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    {
      distDir,
      preloads,
      ssr = true,
      ssrEntry = path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js'),
      followsRequestOrigin = false,
      unlistedPages = [],
    }: {
      distDir: string;
      preloads?: PagePreloadsFor;
      /** Server rendering of the pages that opt in (SSR=on), when the server bundle is built. */
      ssr?: boolean;
      /** The web build's server bundle (`vite build --ssr`). */
      ssrEntry?: string;
      /** The API's absolute links follow the request's origin (no PUBLIC_URL): a page is rendered per origin. */
      followsRequestOrigin?: boolean;
      /** Path prefixes of pages search engines are told not to index or follow (`X-Robots-Tag`). */
      unlistedPages?: string[];
    },
  ) => {
    const indexFile = path.join(distDir, 'index.html');
    const template = fs.existsSync(indexFile)
      ? fs.readFileSync(indexFile, 'utf8').replace(TEMPLATE_SCRIPT_NONCE, SCRIPT_SLOT).replace(TEMPLATE_NONCE, STYLE_SLOT)
      : undefined;
    if (!template) app.log.warn({ distDir }, 'the web app is not built: run `npm run build`');
    const manifest = template ? readManifest(distDir) : {};
    const isPage = template ? loadClientRoutes(distDir) : undefined;

    // Loaded while the server starts, not awaited: until it is there, pages are served plain.
    const renderer =
      template && ssr
        ? loadSsrModule(ssrEntry, app.log).then((module) =>
            module
              ? createPageRenderer({
                  ssr: module,
                  fetchJson: async (apiPath, origin) => {
                    // As an anonymous visitor gets it (through the public cache): none of this visitor's
                    // headers, only the origin its links follow when there is no PUBLIC_URL.
                    const url = origin ? new URL(origin) : undefined;
                    const headers = url
                      ? { host: url.host, 'x-forwarded-host': url.host, 'x-forwarded-proto': url.protocol.slice(0, -1) }
                      : {};
                    const answer = await app.inject({ method: 'GET', url: apiPath, headers });
                    if (answer.statusCode !== 200) throw new NoPageData(apiPath, answer.statusCode);
                    return answer.json();
                  },
                  version: (paths) => app.contentVersion(paths),
                  log: app.log,
                  nonce: STYLE_SLOT,
                })
              : undefined,
          )
        : undefined;
    let ready: Awaited<typeof renderer>;
    void renderer?.then((loaded) => (ready = loaded));
    app.addHook('onReady', async () => void (await renderer));

    /** Each render's page put together once (and per template with its preloads): each response only puts its nonces in. */
    const assembled = new WeakMap<RenderedPage, { plain: string; html: string }>();

    /** The page with its server-rendered view when its route opts in; the plain page otherwise. */
    const pageHtml = async (request: FastifyRequest, plain: string): Promise<string> => {
      const [pathname, query] = request.url.split('?', 2) as [string, string | undefined];
      // One render per path: a query string (which no render reads) gets the plain page, not a render of its own.
      if (!ready || query !== undefined) return plain;
      // The API's links follow the request's origin (host names ignore case: one render for every spelling).
      const origin = followsRequestOrigin ? requestOrigin(request)?.toLowerCase() : undefined;
      if (followsRequestOrigin && !origin) return plain;
      const page = await ready.page(pathname, origin);
      if (!page) return plain;
      const made = assembled.get(page);
      if (made?.plain === plain) return made.html;
      const html = withRenderedPage(plain, page) ?? plain;
      assembled.set(page, { plain, html });
      return html;
    };

    if (template) {
      await app.register(fastifyStatic, {
        root: distDir,
        prefix: '/',
        index: false,
        preCompressed: true,
        cacheControl: false,
        // The template is served through the SPA route; build reports are not for browsers.
        allowedPath: (pathname) => !pathname.endsWith('.html') && !pathname.startsWith('/.vite/'),
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
        },
      });
    }

    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!template) {
        return reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`, then start again.');
      }
      const nonce = (reply as FastifyReply & { cspNonce?: { style: string; script: string } }).cspNonce;
      const pathname = request.url.split('?')[0] ?? '/';
      const { images, modules } = preloads ? await preloads(pathname) : { images: [], modules: [] };
      const html = await pageHtml(request, withPreloads(template, images, chunkFiles(manifest, modules)));
      const body = html.replaceAll(SCRIPT_SLOT, nonce?.script ?? '').replaceAll(STYLE_SLOT, nonce?.style ?? '');
      // A path that is no page gets the app's not-found page with 404 (issue 26: search engines and
      // links see it is gone); it renders no server view (no route of it opts in).
      const status = isPage && !isPage(pathname) ? 404 : 200;
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (unlistedPages.some((prefix) => pathname.startsWith(prefix))) reply.header('x-robots-tag', 'noindex, nofollow');
      // Compressed here, quickly: each response has its own nonces, so a server-rendered page (tens of
      // KB) is compressed on every request, and brotli's quality 1 costs a seventh of the default's.
      const encoding = acceptedEncoding(request);
      if (!encoding || body.length < 1024) return reply.send(body);
      return reply
        .header('content-encoding', encoding)
        .header('vary', 'Accept-Encoding')
        .send(
          encoding === 'br'
            ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })
            : zlib.gzipSync(body, { level: 1 }),
        );
    };

    // The static files' catch-all would answer the root folder itself with 403.
    app.get('/', { schema: { hide: true }, config: { auth: 'none' } }, (request, reply) => sendIndex(request, reply));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (isRead && !isApiPath(request.url)) return sendIndex(request, reply);
      const url = request.url.split('?')[0] ?? '/';
      // The static files' catch-all GET route does not make a path an API resource.
      const allowed = METHODS.filter((method) => {
        const route = method !== request.method ? app.findRoute({ method, url }) : null;
        return route !== null && !('*' in (route.params ?? {}));
      });
      if (allowed.length > 0 && request.method !== 'OPTIONS') {
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send({ detail: `Method "${request.method}" not allowed.` });
      }
      return reply.status(404).send({ detail: 'Not found.' });
    });
  },
  { name: 'web-app' },
);
