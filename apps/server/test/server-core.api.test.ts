import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from './support/test-app.js';
import { fakeWebDist } from './support/web-dist.js';

let t: TestApp;
let web: Awaited<ReturnType<typeof fakeWebDist>>;

beforeAll(async () => {
  const script = 'console.log("hashed asset");'.repeat(100);
  web = await fakeWebDist({
    'index.html': '<html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body>portal</body></html>',
    'assets/app-abc123.js': script,
    'assets/app-abc123.js.br': zlib.brotliCompressSync(script),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'routes.json': JSON.stringify([
      '/',
      '/taberna/dashboard',
      '/social/profile/:slug',
      '/ai-lab',
      '/ai-lab/shared/:token',
      '/hyper3d/local-model',
    ]),
  });
  t = await createTestApp(
    { WEB_DIST_DIR: web.dir, CORS_ALLOWED_ORIGINS: 'http://localhost:5173 https://app.example.com' },
    (app) => {
      app.get('/api/test-only/crash', () => {
        throw new Error('secret internal detail: connection string postgres://user:pw@db');
      });
    },
  );
});
afterAll(async () => {
  await t.close();
  await web.remove();
});

describe('health', () => {
  it('/healthz pings the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', database: 'postgres' });
  });

  it('/readyz says ready while the database, Redis (when used) and the media store answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      status: 'ready',
      database: 'ok',
      redis: process.env.TEST_REDIS_URL ? 'ok' : 'not used',
      media: 'ok',
    });
  });

  it('/readyz answers 503 once the instance drains, while /healthz still answers', async () => {
    t.app.readiness.draining = true;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(json(response)).toEqual({ status: 'draining', detail: 'This instance is shutting down.' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });

  it('while stopping, answers reads with 503 (a proxy retries them elsewhere) and still serves writes', async () => {
    // Cached first: a hit of the public cache is refused too.
    for (let i = 0; i < 2; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' })).statusCode).toBe(200);
    t.app.readiness.draining = true;
    t.app.readiness.refusingReads = true;
    try {
      for (const url of ['/api/v1/vue-apps/', '/taberna', '/api/social-posts/?page=1']) {
        const read = await t.app.inject({ method: 'GET', url });
        expect(read.statusCode, url).toBe(503);
        expect(json(read)).toEqual({ detail: 'This instance is shutting down. Try again.' });
        expect(read.headers['retry-after']).toBe('1');
        expect(read.headers.connection).toBe('close');
      }
      expect((await t.app.inject({ method: 'HEAD', url: '/api/v1/vue-apps/' })).statusCode).toBe(503);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/v1/token/',
        payload: { email: 'nobody@example.com', password: 'wrong-password-1' },
      });
      expect(write.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/readyz?probe=1' })).statusCode).toBe(503);
    } finally {
      t.app.readiness.draining = false;
      t.app.readiness.refusingReads = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' })).statusCode).toBe(200);
  });

  it('once closing, every answer closes its connection, a warm public-cache hit too', async () => {
    for (let i = 0; i < 2; i += 1) {
      const warm = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' });
      expect(warm.headers.connection).not.toBe('close');
    }
    t.app.readiness.closing = true;
    try {
      for (const url of ['/api/v1/vue-apps/', '/healthz']) {
        const answer = await t.app.inject({ method: 'GET', url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers.connection, url).toBe('close');
      }
    } finally {
      t.app.readiness.closing = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' })).headers['x-cache']).toBe('hit');
  });
});

describe('errors', () => {
  it('JSON 404 for unknown API paths, 405 for a known path with the wrong method', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ detail: 'Not found.' });
    const post404 = await t.app.inject({ method: 'POST', url: '/some/client/route' });
    expect(post404.statusCode).toBe(404);
    const wrongMethod = await t.app.inject({ method: 'GET', url: '/api/v1/token/' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(json(wrongMethod)).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(wrongMethod.headers.allow).toBe('POST');
  });

  it('hides the internals of unexpected errors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test-only/crash' });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({ detail: 'A server error occurred. It has been logged.' });
    expect(response.body).not.toContain('postgres');
  });
});

describe('the web app', () => {
  it('serves index.html for client routes (404 for a path that is no page), with a fresh CSP nonce that the policy names', async () => {
    for (const url of [
      '/',
      '/taberna/dashboard',
      '/social/profile/alice-martin',
      '/ai-lab',
      '/hyper3d/local-model',
      '/no/such/page',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      // Issue 26: no soft 404s; the app's not-found page comes with the status.
      expect(response.statusCode, url).toBe(url === '/no/such/page' ? 404 : 200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const nonce = /content="([0-9a-f]{32})"/.exec(response.body)?.[1];
      expect(nonce, url).toBeDefined();
      expect(String(response.headers['content-security-policy'])).toContain(`style-src 'self' 'nonce-${nonce}'`);
    }
    const a = await t.app.inject({ method: 'GET', url: '/' });
    const b = await t.app.inject({ method: 'GET', url: '/' });
    expect(a.body).not.toBe(b.body);
  });

  it('tells search engines not to list the page of a shared AI conversation, and only that one', async () => {
    const shared = await t.app.inject({ method: 'GET', url: '/ai-lab/shared/AbCdEfGhIjKlMnOpQrStUvWxYz012345' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await t.app.inject({ method: 'GET', url: '/ai-lab' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('does not serve the raw template', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(response.body).not.toContain('__CSP_NONCE__');
  });

  it('caches hashed assets for a year and sends the pre-compressed copy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(plain.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sets the security headers and a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('the content security policy', () => {
  // The page policy exactly as helmet wrote it with per-request nonces (issue 12 kept it as it was).
  const PAGE_POLICY =
    "default-src 'self';base-uri 'self';script-src 'self' 'nonce-SCRIPT';script-src-attr 'none';" +
    "style-src 'self' 'nonce-STYLE';img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self' data:;" +
    "connect-src 'self' ws://portal.test blob: data:;worker-src 'self' blob:;object-src 'none';frame-src 'none';" +
    "frame-ancestors 'none';form-action 'self';manifest-src 'self'";

  it('is the page policy with two fresh nonces on pages and built files', async () => {
    const policies = new Set<string>();
    for (const url of ['/', '/social/profile/alice-martin', '/assets/app-abc123.js', '/favicon.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const [, script, style] =
        /script-src 'self' 'nonce-([0-9a-f]{32})'.*style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp) ?? [];
      expect(script, url).toBeDefined();
      expect(script).not.toBe(style);
      expect(csp.replace(script!, 'SCRIPT').replace(style!, 'STYLE'), url).toBe(PAGE_POLICY);
      policies.add(csp);
    }
    expect(policies.size).toBe(4);
  });

  it('is one constant strict policy, without nonces, on every API answer', async () => {
    for (const url of [
      '/api/v1/vue-apps/',
      '/api/social-posts/',
      '/api/no-such-thing/',
      '/healthz',
      '/readyz',
      '/ai-lab/status/',
      '/accounts/activate/x/y/',
      '/static/media/none.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-resource-policy'], url).toBe(
        url.startsWith('/static/media/') ? 'cross-origin' : 'same-site',
      );
    }
  });
});

describe('CORS', () => {
  it('allows exactly the configured origins, without credentials', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/token/',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-max-age']).toBe('86400');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/', headers: { origin: 'https://evil.example' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the validation schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = json(response) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/v1/token/']?.post;
    expect(Object.keys(login?.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/social-profiles/register/', '/api/v1/vue-apps/search/', '/healthz']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
