import type * as Zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib, { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './fastify-augment.js';
import { CHANNELS, type EventBus, type PortalEvent } from './events/event-bus.js';
import { createMemoryEventBus } from './events/memory-event-bus.js';
import { acceptedEncoding, announceChange, CONTENT_SCOPES, etagOf, publicCachePlugin, scopesChangedBy } from './public-cache.js';

// zlib as it is, with its compressions counted (each stored answer is compressed once per encoding).
vi.mock('node:zlib', async (original) => {
  const actual = await original<typeof Zlib>();
  const counted = { ...actual, gzipSync: vi.fn(actual.gzipSync), brotliCompressSync: vi.fn(actual.brotliCompressSync) };
  return { ...counted, default: counted };
});
const compressions = () => vi.mocked(zlib.gzipSync).mock.calls.length + vi.mocked(zlib.brotliCompressSync).mock.calls.length;

describe('scopesChangedBy: which public answers a successful write may change', () => {
  const none: string[] = [];
  const everything = [...CONTENT_SCOPES];
  it.each([
    // Chat, notifications, the AI lab and sockets change no public answer.
    ['/api/social-chat/conversations/5/messages/', none],
    ['/api/social-notifications/read-all/', none],
    ['/ai-lab/api/chat/', none],
    ['/ws/chat/5/', none],
    ['/wss/notification/1/', none],
    // Logins and token refreshes, under each of their prefixes.
    ['/api/v1/token/', none],
    ['/api/v1/token/refresh/', none],
    ['/auth/token/login/', none],
    ['/taberna-profiles/api/v1/token/', none],
    ['/api/social-profiles/api/v1/token/refresh/', none],
    // Searches sent as POST.
    ['/api/v1/vue-apps/search/', none],
    ['/api/social-posts/search/?query=a', none],
    ['/taberna-store/api/v1/products/search/', none],
    // A cart is nobody else's business.
    ['/taberna-cart/api/v1/cart-items/', none],
    // The shop: orders, reviews, profiles.
    ['/taberna-orders/api/v1/place-order/', ['shop']],
    ['/taberna-store/api/v1/products/3/reviews/', ['shop']],
    ['/taberna-profiles/api/v1/profile/', ['shop']],
    // The social network.
    ['/api/social-posts/', ['social']],
    // A rename shows in the shop's reviews too (issue 26, S7).
    ['/api/social-profiles/editprofile/', ['shop', 'social']],
    // Sign-ups, activations and joined apps add people to public lists.
    ['/api/v1/authusers/', ['social']],
    ['/api/v1/account/apps/', ['social']],
    // Anything else, the back office included, may change anything.
    ['/api/backoffice/products/3/', everything],
    ['/api/v1/vue-apps/', everything],
    ['/media/upload/', everything],
    // Prefixes only count at the start of the path, as whole segments.
    ['/x/taberna-cart/', everything],
    ['/ai-labs/', everything],
    ['/api/v1/tokens/', everything],
    ['/api/social-chats/', ['social']],
    ['/api/v1/authusersx/', everything],
    ['/x/api/v1/token/', everything],
    ['/x/api/social-posts/', everything],
    ['/x/api/v1/account/', everything],
    ['/x/taberna-orders/', everything],
    ['/x/ai-lab/api/chat/', everything],
    ['/x/api/social-posts/search/', everything],
    ['/x/api/social-profiles/editprofile/', everything],
    // Hyper 3D scenes are their owner's alone.
    ['/api/hyper3d/scenes/5/', none],
    // A deleted account leaves every part (its posts, its reviews in the shop).
    ['/api/v1/account/', everything],
  ] as const)('%s → %j', (url, scopes) => {
    expect(scopesChangedBy(url)).toEqual(scopes);
  });

  it('reads the path only: a query cannot make a write look harmless, or harmful', () => {
    expect(scopesChangedBy('/api/social-posts/?next=/taberna-cart/')).toEqual(['social']);
    expect(scopesChangedBy('/taberna-cart/api/v1/cart-items/?page=/api/social-posts/')).toEqual([]);
  });
});

describe('announceChange', () => {
  it('publishes the scopes on the content channel, with where it came from, and nothing for none', async () => {
    const publish = vi.fn(async () => undefined);
    const bus = { publish, subscribe: vi.fn(), close: vi.fn() } as unknown as EventBus;
    await announceChange(bus, [], 'x');
    expect(publish).not.toHaveBeenCalled();
    const scopes = ['shop'] as const;
    await announceChange(bus, scopes);
    await announceChange(bus, ['apps', 'social'], 'instance-2');
    expect(publish.mock.calls).toEqual([
      [CHANNELS.content, { type: 'content.changed', scopes: ['shop'], origin: 'job' }],
      [CHANNELS.content, { type: 'content.changed', scopes: ['apps', 'social'], origin: 'instance-2' }],
    ]);
  });
});

describe('etagOf and acceptedEncoding', () => {
  it('makes a weak ETag of 22 characters that follows the body', () => {
    expect(etagOf('abc')).toBe(etagOf('abc'));
    expect(etagOf('abc')).not.toBe(etagOf('abd'));
    expect(etagOf('abc')).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(etagOf('')).toBe('W/"2jmj7l5rSw0yVb_vlWAYkK"');
  });

  it('prefers brotli, then gzip, and takes q=0 as a refusal', () => {
    const encoding = (header?: string | string[]) =>
      acceptedEncoding({ headers: { 'accept-encoding': header } } as unknown as Parameters<typeof acceptedEncoding>[0]);
    expect(encoding(undefined)).toBeUndefined();
    expect(encoding(['gzip'])).toBeUndefined();
    expect(encoding('')).toBeUndefined();
    expect(encoding('identity')).toBeUndefined();
    expect(encoding('gzip, deflate, br')).toBe('br');
    expect(encoding('GZIP')).toBe('gzip');
    expect(encoding('deflate,gzip')).toBe('gzip');
    expect(encoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(encoding('br;q=0.0, gzip;q=0.000')).toBeUndefined();
    expect(encoding('br;q=0.1')).toBe('br');
    expect(encoding(' br ; q=1')).toBeUndefined();
    expect(encoding('brotli, gzipped, xbr, xgzip')).toBeUndefined();
  });
});

const PRODUCTS = '/taberna-store/api/v1/products/';
const POSTS = '/api/social-posts/';
const FEED = '/api/social-posts/feed/';

/** A body over the 1 KiB below which answers go uncompressed. */
const LARGE = 'x'.repeat(2_000);

interface Portal {
  app: FastifyInstance;
  /** How many times each path's handler ran. */
  made: Map<string, number>;
  readiness: { closing: boolean };
  /** Requests that got past the hit served first (an onRequest hook registered after the cache). */
  laterHooks: number;
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A small portal with cached routes of each kind, on `events`. */
async function portal(
  events: EventBus,
  options: {
    enabled?: boolean;
    body?: (path: string) => string;
    maxEntries?: number;
    maxBytes?: number;
    metrics?: { publicCache: (scope: string, hit: boolean) => void };
  } = {},
): Promise<Portal> {
  const app = Fastify();
  apps.push(app);
  const made = new Map<string, number>();
  const readiness = { closing: false };
  const state: Portal = { app, made, readiness, laterHooks: 0 };
  const { body: _, ...settings } = options;
  await app.register(publicCachePlugin, { events, readiness, ...settings });
  app.addHook('onRequest', async (request) => {
    state.laterHooks += 1;
    // As the authentication hook does: "Bearer <account id>" signs in; any other Authorization is refused.
    const account = /^Bearer (\d+)$/.exec(request.headers.authorization ?? '')?.[1];
    request.user = account ? ({ accountId: Number(account) } as never) : null;
  });
  const answer = (path: string) => {
    made.set(path, (made.get(path) ?? 0) + 1);
    return options.body?.(path) ?? JSON.stringify({ path });
  };
  const shop = { publicCache: { scope: 'shop' as const, ttlMs: 60_000 } };
  app.get('/taberna-store/api/v1/products/', { config: shop }, async (request, reply) =>
    reply.type('application/json').header('x-shop', 'open').send(answer(request.url)),
  );
  app.get('/taberna-store/api/v1.0/products/:slug/', { config: shop }, async (request, reply) =>
    reply.type('application/json').send(answer(request.url)),
  );
  app.get('/api/social-posts/', { config: { publicCache: { scope: 'social', ttlMs: 1_000 } } }, async (request, reply) =>
    reply.type('application/json').send(answer(request.url)),
  );
  app.get('/files/*', { config: shop }, async (request, reply) => reply.type('text/plain').send(answer(request.url)));
  app.get('/large/', { config: shop }, async (request, reply) => reply.type('text/plain').send(`${answer(request.url)}${LARGE}`));
  app.get('/cookie/', { config: shop }, async (request, reply) =>
    reply.type('application/json').header('set-cookie', 'seen=1').send(answer(request.url)),
  );
  app.get('/missing/', { config: shop }, async (request, reply) =>
    reply.code(404).type('application/json').send(answer(request.url)),
  );
  app.get('/buffer/', { config: shop }, async (request, reply) =>
    reply.type('text/plain').send(Buffer.from(answer(request.url))),
  );
  app.get('/uncached/', async (request, reply) => reply.type('application/json').send(answer(request.url)));
  // A feed kept per signed-in caller (issue 24): each account's answer is its own.
  app.get(FEED, { config: { publicCache: { scope: 'social', ttlMs: 60_000, perViewer: true } } }, async (request, reply) =>
    reply.type('application/json').send(`${answer(request.url)} for ${request.user?.accountId ?? 'anyone'}`),
  );
  // A cached route and a write with hooks of their own.
  app.get(
    '/hooked/',
    {
      config: shop,
      onRequest: async (request) => void (request.headers['x-own-request'] = 'ran'),
      onSend: async (_request, reply, payload) => (reply.header('x-own-send', 'ran'), payload),
    },
    async (request, reply) => reply.type('text/plain').send(`${answer(request.url)} ${String(request.headers['x-own-request'])}`),
  );
  app.post(
    '/api/social-posts/hooked/',
    { onSend: async (_request, reply, payload) => (reply.header('x-own-send', 'ran'), payload) },
    async () => ({
      ok: true,
    }),
  );
  // An answer whose scope a write changes while it is made.
  app.get('/changing/', { config: shop }, async (request, reply) => {
    await write(app, '/taberna-orders/api/v1/place-order/');
    return reply.type('application/json').send(answer(request.url));
  });
  // One route for two methods, one of which writes.
  app.route({ method: ['GET', 'POST'], url: '/api/social-groups/', handler: async () => ({ ok: true }) });
  app.post('/taberna-orders/api/v1/place-order/', async (request, reply) => {
    const { fail } = (request.body ?? {}) as { fail?: boolean };
    return reply.code(fail ? 400 : 201).send({ ok: !fail });
  });
  app.post('/api/social-posts/', async () => ({ ok: true }));
  app.post('/taberna-cart/api/v1/cart-items/', async () => ({ ok: true }));
  app.put('/api/backoffice/products/:id/', async () => ({ ok: true }));
  await app.ready();
  return state;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const write = (app: FastifyInstance, url: string, payload: object = {}, method: 'POST' | 'PUT' = 'POST') =>
  app.inject({ method, url, payload });
/** Lets events published on the memory bus arrive. */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

describe('the public cache', () => {
  it('answers a repeated anonymous read from memory, first, with the headers it was made with', async () => {
    const state = await portal(createMemoryEventBus());
    const first = await get(state.app, PRODUCTS);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers).toMatchObject({
      etag: etagOf(first.body),
      'cache-control': 'public, no-cache',
      vary: 'Authorization, Accept-Encoding',
      'x-shop': 'open',
    });
    expect(state.laterHooks).toBe(1);

    const hit = await get(state.app, PRODUCTS);
    expect(hit.statusCode).toBe(200);
    expect(hit.body).toBe(first.body);
    expect(hit.headers).toMatchObject({
      etag: first.headers.etag,
      'cache-control': 'public, no-cache',
      vary: 'Authorization, Accept-Encoding',
      'x-cache': 'hit',
      'x-shop': 'open',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(first.body.length),
    });
    expect(hit.headers['content-encoding']).toBeUndefined();
    // Served before the rest of the hooks, by the handler once.
    expect(state.laterHooks).toBe(1);
    expect(state.made.get(PRODUCTS)).toBe(1);
    // The replayed headers appear once each.
    for (const name of ['etag', 'content-type', 'cache-control', 'x-shop']) expect(typeof hit.headers[name], name).toBe('string');
  });

  it('replays each header once on a hit, as sent on the wire', async () => {
    const state = await portal(createMemoryEventBus());
    await state.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = state.app.server.address() as AddressInfo;
    const rawHeaders = () =>
      new Promise<string[]>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: PRODUCTS }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.rawHeaders));
          })
          .on('error', reject);
      });
    await rawHeaders();
    const hit = await rawHeaders();
    const names = hit.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
    expect(names).toContain('x-cache');
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('stops listening to the bus when the app closes', async () => {
    const bus = createMemoryEventBus();
    const ended: string[] = [];
    const watched: EventBus = {
      ...bus,
      subscribe: (channel, handler) => {
        const subscription = bus.subscribe(channel, handler);
        return { ...subscription, end: () => (ended.push(channel), subscription.end()) };
      },
    };
    const state = await portal(watched);
    expect(ended).toEqual([]);
    await state.app.close();
    expect(ended).toEqual([CHANNELS.content]);
  });

  it('keys answers by their whole URL and host', async () => {
    const state = await portal(createMemoryEventBus());
    await get(state.app, `${PRODUCTS}?page=2`);
    expect((await get(state.app, `${PRODUCTS}?page=2`)).headers['x-cache']).toBe('hit');
    expect((await get(state.app, `${PRODUCTS}?page=3`)).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, `${PRODUCTS}?page=2`, { host: 'other.test' })).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, `${PRODUCTS}?page=2`, { host: 'other.test' })).headers['x-cache']).toBe('hit');
    expect(state.made.get(`${PRODUCTS}?page=2`)).toBe(2);
  });

  it('answers 304 to a browser that has the answer, made or remembered', async () => {
    const state = await portal(createMemoryEventBus());
    const first = await get(state.app, PRODUCTS);
    const etag = String(first.headers.etag);
    const fresh = await get(state.app, PRODUCTS, { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.body).toBe('');
    expect(fresh.headers).toMatchObject({ etag, 'x-cache': 'hit', 'x-shop': 'open', 'cache-control': 'public, no-cache' });
    expect((await get(state.app, PRODUCTS, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    // Through the whole hook chain (a cross-origin read), from memory too.
    const viaRoute = await get(state.app, PRODUCTS, { 'if-none-match': etag, origin: 'https://client.example' });
    expect(viaRoute.statusCode).toBe(304);
    expect(viaRoute.headers['x-cache']).toBe('hit');
    // When it is made, a matching ETag is a 304 as well.
    const made = await get(state.app, POSTS);
    await write(state.app, POSTS);
    const remade = await get(state.app, POSTS, { 'if-none-match': String(made.headers.etag) });
    expect(remade.statusCode).toBe(304);
    expect(remade.headers['x-cache']).toBeUndefined();
    expect(state.made.get(POSTS)).toBe(2);
  });

  it('sends the whole hook chain a remembered answer when the request needs it: Origin, HEAD, closing, a cookie', async () => {
    const state = await portal(createMemoryEventBus());
    await get(state.app, PRODUCTS);
    const cross = await get(state.app, PRODUCTS, { origin: 'https://client.example' });
    expect(cross.headers['x-cache']).toBe('hit');
    expect(state.laterHooks).toBe(2);
    const head = await state.app.inject({ method: 'HEAD', url: PRODUCTS });
    expect(head.headers['x-cache']).toBe('hit');
    expect(state.laterHooks).toBe(3);
    state.readiness.closing = true;
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBe('hit');
    expect(state.laterHooks).toBe(4);
    state.readiness.closing = false;
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBe('hit');
    expect(state.laterHooks).toBe(4);
    expect(state.made.get(PRODUCTS)).toBe(1);

    // An answer that set a cookie is remembered, but never replayed with it to someone else.
    await get(state.app, '/cookie/');
    const again = await get(state.app, '/cookie/');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(state.laterHooks).toBe(6);
  });

  it('never serves or stores a signed-in caller’s answer, and marks it private', async () => {
    const state = await portal(createMemoryEventBus());
    await get(state.app, PRODUCTS);
    const signedIn = await get(state.app, PRODUCTS, { authorization: 'Bearer x' });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers.vary).toBe('Authorization');
    expect(signedIn.headers.etag).toBeUndefined();
    expect(state.made.get(PRODUCTS)).toBe(2);
    await get(state.app, POSTS, { authorization: 'Bearer x' });
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
  });

  it('remembers only 200 answers with a text body, of routes that ask for it', async () => {
    const state = await portal(createMemoryEventBus());
    for (const url of ['/missing/', '/buffer/', '/uncached/']) {
      await get(state.app, url);
      const again = await get(state.app, url);
      expect(again.headers['x-cache'], url).toBeUndefined();
      expect(state.made.get(url), url).toBe(2);
    }
    expect((await get(state.app, '/uncached/')).headers['cache-control']).toBeUndefined();
  });

  it('compresses a remembered answer of 1 KiB or more as the browser asks, once per encoding', async () => {
    const state = await portal(createMemoryEventBus());
    const made = await get(state.app, '/large/');
    const plain = made.body;
    const gzip = await get(state.app, '/large/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers).toMatchObject({ 'content-encoding': 'gzip', 'x-cache': 'hit' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect(gzip.headers['content-length']).toBe(String(gzip.rawPayload.length));
    const br = await get(state.app, '/large/', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    expect((await get(state.app, '/large/', { 'accept-encoding': 'br' })).rawPayload).toEqual(br.rawPayload);
    expect((await get(state.app, '/large/')).body).toBe(plain);
    // Each encoding was made once, whatever the number of hits.
    const compressed = compressions();
    for (const encoding of ['gzip', 'br', 'gzip, br'])
      await get(state.app, '/large/', { 'accept-encoding': encoding, origin: 'https://client.example' });
    expect(compressions()).toBe(compressed);
    // Through the hook chain as well.
    const cross = await get(state.app, '/large/', { 'accept-encoding': 'gzip', origin: 'https://client.example' });
    expect(cross.headers).toMatchObject({ 'content-encoding': 'gzip', 'x-cache': 'hit' });
    expect(gunzipSync(cross.rawPayload).toString()).toBe(plain);
    const crossPlain = await get(state.app, '/large/', { origin: 'https://client.example' });
    expect(crossPlain.headers['content-encoding']).toBeUndefined();
    expect(crossPlain.body).toBe(plain);
    // A small answer goes as it is, whatever is asked.
    await get(state.app, PRODUCTS);
    const smallReads: Record<string, string>[] = [
      { 'accept-encoding': 'gzip, br' },
      { 'accept-encoding': 'br', origin: 'https://client.example' },
    ];
    for (const headers of smallReads) {
      const small = await get(state.app, PRODUCTS, headers);
      expect(small.headers['x-cache']).toBe('hit');
      expect(small.headers['content-encoding']).toBeUndefined();
    }
  });

  it('drops what a write changes, on this instance and the others, and keeps the rest', async () => {
    const events = createMemoryEventBus();
    const [one, two] = [await portal(events), await portal(events)];
    for (const state of [one, two]) for (const url of [PRODUCTS, POSTS]) await get(state.app, url);
    const heard: PortalEvent[] = [];
    events.subscribe(CHANNELS.content, (event) => heard.push(event));

    expect((await write(one.app, '/taberna-orders/api/v1/place-order/')).statusCode).toBe(201);
    // Dropped here before the answer left, with no wait for the bus.
    expect((await get(one.app, PRODUCTS)).headers['x-cache']).toBeUndefined();
    expect((await get(one.app, POSTS)).headers['x-cache']).toBe('hit');
    await delivered();
    expect(heard).toEqual([{ type: 'content.changed', scopes: ['shop'], origin: expect.any(String) }]);
    expect((await get(two.app, PRODUCTS)).headers['x-cache']).toBeUndefined();
    expect((await get(two.app, POSTS)).headers['x-cache']).toBe('hit');
  });

  it('keeps everything after a refused write, a cart change or an unknown scope on the bus', async () => {
    const events = createMemoryEventBus();
    const state = await portal(events);
    await get(state.app, PRODUCTS);
    const heard: PortalEvent[] = [];
    events.subscribe(CHANNELS.content, (event) => heard.push(event));
    expect((await write(state.app, '/taberna-orders/api/v1/place-order/', { fail: true })).statusCode).toBe(400);
    expect((await write(state.app, '/taberna-cart/api/v1/cart-items/')).statusCode).toBe(200);
    await events.publish(CHANNELS.content, { type: 'content.changed', scopes: ['weather'], origin: 'elsewhere' });
    await events.publish(CHANNELS.sessions, { type: 'session.revoked', sessionIds: ['s'] });
    await delivered();
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBe('hit');
    expect(heard).toHaveLength(1);
  });

  it('drops a scope announced by another instance or a job, and a write of any scope from the back office', async () => {
    const events = createMemoryEventBus();
    const state = await portal(events);
    await get(state.app, PRODUCTS);
    await get(state.app, POSTS);
    await announceChange(events, ['social'], 'elsewhere');
    await delivered();
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBe('hit');
    expect((await write(state.app, '/api/backoffice/products/3/', {}, 'PUT')).statusCode).toBe(200);
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
  });

  it('does not remember an answer its scope changed under while it was made', async () => {
    const events = createMemoryEventBus();
    let changeWhileMaking = true;
    const state = await portal(events, {
      body: (path) => {
        if (changeWhileMaking) void events.publish(CHANNELS.content, { type: 'content.changed', scopes: ['shop'], origin: 'x' });
        return JSON.stringify({ path });
      },
    });
    await get(state.app, PRODUCTS);
    await delivered();
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBeUndefined();
    changeWhileMaking = false;
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, PRODUCTS)).headers['x-cache']).toBe('hit');
  });

  it('keeps an answer for its route’s time at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const state = await portal(createMemoryEventBus());
    await get(state.app, POSTS);
    vi.setSystemTime(1_000_999);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBe('hit');
    vi.setSystemTime(1_001_000);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
    expect((await get(state.app, POSTS)).headers['x-cache']).toBe('hit');
    expect(state.made.get(POSTS)).toBe(2);
  });

  it('with PUBLIC_CACHE=off answers every read afresh, still with an ETag', async () => {
    const state = await portal(createMemoryEventBus(), { enabled: false });
    const first = await get(state.app, PRODUCTS);
    const second = await get(state.app, PRODUCTS);
    expect(second.headers['x-cache']).toBeUndefined();
    expect(second.headers.etag).toBe(first.headers.etag);
    expect((await get(state.app, PRODUCTS, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
    expect(state.made.get(PRODUCTS)).toBe(3);
  });

  it('holds at most its number of answers, dropping the oldest first', async () => {
    const state = await portal(createMemoryEventBus(), { maxEntries: 3 });
    const url = (n: number) => `${PRODUCTS}?n=${n}`;
    for (const n of [0, 1, 2]) await get(state.app, url(n));
    for (const n of [0, 1, 2]) expect((await get(state.app, url(n))).headers['x-cache'], url(n)).toBe('hit');
    await get(state.app, url(3));
    expect((await get(state.app, url(3))).headers['x-cache']).toBe('hit');
    expect((await get(state.app, url(1))).headers['x-cache']).toBe('hit');
    expect((await get(state.app, url(0))).headers['x-cache']).toBeUndefined();
  });

  it('holds at most its bytes of answers, dropping the oldest first; an answer made twice at once counts once', async () => {
    // Each answer is 100 bytes; 300 are kept.
    const state = await portal(createMemoryEventBus(), { maxBytes: 300, body: (path) => path.padEnd(100) });
    const url = (n: number) => `${PRODUCTS}?n=${n}`;
    // Two reads at once both make the answer: the second replaces the first, whose bytes are given back.
    for (const n of [0, 1, 2]) await Promise.all([get(state.app, url(n)), get(state.app, url(n))]);
    expect(state.made.get(url(0))).toBe(2);
    // Exactly the limit: all kept.
    for (const n of [0, 1, 2]) expect((await get(state.app, url(n))).headers['x-cache'], url(n)).toBe('hit');
    await get(state.app, url(3));
    expect((await get(state.app, url(3))).headers['x-cache']).toBe('hit');
    expect((await get(state.app, url(1))).headers['x-cache']).toBe('hit');
    expect((await get(state.app, url(0))).headers['x-cache']).toBeUndefined();
  });

  it('drops a stale answer when it is asked for, giving its bytes back', async () => {
    const state = await portal(createMemoryEventBus(), { maxBytes: 200, body: (path) => path.padEnd(100) });
    await get(state.app, `${PRODUCTS}?n=0`);
    await get(state.app, `${PRODUCTS}?n=1`);
    await write(state.app, '/taberna-orders/api/v1/place-order/');
    // Both stale; reading n=0 again drops its old copy before storing the new one, so n=1 is not pushed out for it.
    await get(state.app, `${PRODUCTS}?n=0`);
    await get(state.app, `${PRODUCTS}?n=1`);
    expect((await get(state.app, `${PRODUCTS}?n=0`)).headers['x-cache']).toBe('hit');
    expect((await get(state.app, `${PRODUCTS}?n=1`)).headers['x-cache']).toBe('hit');
  });

  it('keeps a signed-in caller’s answer of a per-caller route for that account alone, private, until its scope changes', async () => {
    const counted: [string, boolean][] = [];
    const state = await portal(createMemoryEventBus(), { metrics: { publicCache: (scope, hit) => counted.push([scope, hit]) } });
    const ana = { authorization: 'Bearer 1' };
    const first = await get(state.app, FEED, ana);
    expect(first.body).toContain('for 1');
    expect(first.headers).toMatchObject({
      'cache-control': 'private, no-cache',
      vary: 'Authorization, Accept-Encoding',
      etag: etagOf(first.body),
    });
    const again = await get(state.app, FEED, ana);
    expect(again.headers).toMatchObject({ 'x-cache': 'hit', 'cache-control': 'private, no-cache', etag: first.headers.etag });
    expect(again.body).toBe(first.body);
    expect(state.made.get(FEED)).toBe(1);
    expect((await get(state.app, FEED, { ...ana, 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    // Another account, anyone, a refused token and a HEAD never get Ana's answer.
    const ben = await get(state.app, FEED, { authorization: 'Bearer 2' });
    expect(ben.headers['x-cache']).toBeUndefined();
    expect(ben.body).toContain('for 2');
    const anyone = await get(state.app, FEED);
    expect(anyone.headers['x-cache']).toBeUndefined();
    expect(anyone.body).toContain('for anyone');
    const refused = await get(state.app, FEED, { authorization: 'Bearer nobody' });
    expect(refused.headers['x-cache']).toBeUndefined();
    expect(refused.headers['cache-control']).toBe('private, no-cache');
    expect(refused.headers.etag).toBeUndefined();
    expect((await get(state.app, FEED, { authorization: 'Bearer nobody' })).headers['x-cache']).toBeUndefined();
    expect((await state.app.inject({ method: 'HEAD', url: FEED, headers: ana })).headers['x-cache']).toBeUndefined();
    expect(state.made.get(FEED)).toBe(6);
    // Anyone's answer was stored under the public key: the second read is a hit, and Ana's is still hers.
    expect((await get(state.app, FEED)).body).toContain('for anyone');
    expect((await get(state.app, FEED, ana)).body).toContain('for 1');

    // A change to the network drops it.
    expect((await write(state.app, POSTS)).statusCode).toBe(200);
    expect((await get(state.app, FEED, ana)).headers['x-cache']).toBeUndefined();
    expect(state.made.get(FEED)).toBe(7);
    // Counted as the public answers are: anonymous reads only, hit or not.
    expect(counted).toEqual([
      ['social', false],
      ['social', true],
    ]);
  });

  it('counts hits and misses of anonymous reads, and nothing when it is off', async () => {
    const counted: [string, boolean][] = [];
    const metrics = { publicCache: (scope: string, hit: boolean) => counted.push([scope, hit]) };
    const state = await portal(createMemoryEventBus(), { metrics });
    await get(state.app, PRODUCTS);
    await get(state.app, PRODUCTS);
    await get(state.app, PRODUCTS, { origin: 'https://client.example' });
    expect(counted).toEqual([
      ['shop', false],
      ['shop', true],
      ['shop', true],
    ]);
    counted.length = 0;
    const off = await portal(createMemoryEventBus(), { metrics, enabled: false });
    await get(off.app, PRODUCTS);
    await get(off.app, PRODUCTS);
    expect(counted).toEqual([]);
  });

  it('does not stretch an answer’s time when it is served through the hook chain', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const state = await portal(createMemoryEventBus());
    await get(state.app, POSTS);
    vi.setSystemTime(1_000_900);
    expect((await get(state.app, POSTS, { origin: 'https://client.example' })).headers['x-cache']).toBe('hit');
    vi.setSystemTime(1_001_000);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
    expect(state.made.get(POSTS)).toBe(2);
  });

  it('does not let an answer its scope changed under push a current one out', async () => {
    const state = await portal(createMemoryEventBus(), { maxEntries: 1 });
    await get(state.app, POSTS);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBe('hit');
    // Made while a write changes the shop: not stored, so the one answer kept is still the feed's.
    expect((await get(state.app, '/changing/')).statusCode).toBe(200);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBe('hit');
    expect((await get(state.app, '/changing/')).headers['x-cache']).toBeUndefined();
    expect(state.made.get(POSTS)).toBe(1);
  });

  it('keeps the hooks a route has of its own, on cached reads and on writes', async () => {
    const state = await portal(createMemoryEventBus());
    const first = await get(state.app, '/hooked/');
    expect(first.body).toContain(' ran');
    expect(first.headers['x-own-send']).toBe('ran');
    const cross = await get(state.app, '/hooked/', { origin: 'https://client.example' });
    expect(cross.headers['x-cache']).toBe('hit');
    expect(cross.headers['x-own-send']).toBe('ran');
    await get(state.app, POSTS);
    const written = await write(state.app, '/api/social-posts/hooked/');
    expect(written.headers['x-own-send']).toBe('ran');
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
  });

  it('takes a route that answers both a read and a write as one that writes', async () => {
    const state = await portal(createMemoryEventBus());
    await get(state.app, POSTS);
    expect((await get(state.app, '/api/social-groups/')).statusCode).toBe(200);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBe('hit');
    expect((await write(state.app, '/api/social-groups/')).statusCode).toBe(200);
    expect((await get(state.app, POSTS)).headers['x-cache']).toBeUndefined();
  });
});

describe('contentVersion: what server-rendered pages are kept by', () => {
  it('names the scopes of the API paths a page read, with their versions, or every scope for an unknown path', async () => {
    const events = createMemoryEventBus();
    const { app } = await portal(events);
    expect(app.contentVersion([PRODUCTS])).toBe('shop:0');
    expect(app.contentVersion(['/taberna-store/api/v1/products', `${PRODUCTS}?page=2`, `${PRODUCTS}/`])).toBe('shop:0');
    expect(app.contentVersion(['/taberna-store/api/v1.0/products/mug/'])).toBe('shop:0');
    expect(app.contentVersion([POSTS, PRODUCTS, POSTS])).toBe('shop:0,social:0');
    expect(app.contentVersion([])).toBe('');
    // A parameter stands for one segment; the route's dots are dots; wildcard routes are unknown.
    for (const unknown of [
      '/taberna-store/api/v1.0/products/mug/reviews/',
      '/taberna-store/api/v1x0/products/mug/',
      '/files/a.txt',
      '/uncached/',
    ])
      expect(app.contentVersion([unknown]), unknown).toBe('apps:0,shop:0,social:0');
    expect(app.contentVersion([POSTS, '/nowhere/'])).toBe('apps:0,shop:0,social:0');

    await write(app, '/taberna-orders/api/v1/place-order/');
    expect(app.contentVersion([PRODUCTS])).toMatch(/^shop:[1-9]\d*$/);
    expect(app.contentVersion([POSTS])).toBe('social:0');
    await announceChange(events, ['social', 'apps'], 'elsewhere');
    await delivered();
    expect(app.contentVersion([PRODUCTS, POSTS, '/nowhere/'])).toMatch(/^apps:1,shop:[1-9]\d*,social:1$/);
  });
});
