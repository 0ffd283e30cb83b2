import { createHash, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHANNELS, type EventBus } from './events/event-bus.js';
import type { Readiness } from './health.routes.js';
import type { PortalMetrics } from './metrics/metrics.js';
import { routeMayWrite, succeededWrite } from './writes.js';

/** The parts of the portal whose public answers are cached together and dropped together. */
export const CONTENT_SCOPES = ['apps', 'shop', 'social'] as const;
export type ContentScope = (typeof CONTENT_SCOPES)[number];

/** A route's cache setting: `config: { publicCache: { scope, ttlMs } }`. */
export interface PublicCacheRoute {
  scope: ContentScope;
  /** The longest an answer is kept even without a change (clock-worded fields, changes not made through HTTP). */
  ttlMs: number;
  /**
   * Issue 24: each signed-in caller's answer is kept too, for that account alone (`private`),
   * dropped with the scope as the public answers are: a person reading their feed again reads
   * it from memory until something in the network changes.
   */
  perViewer?: boolean;
}

/** Announces that what a scope shows has changed: every instance drops its cached answers of it. */
export async function announceChange(events: EventBus, scopes: readonly ContentScope[], origin = 'job'): Promise<void> {
  if (scopes.length > 0) await events.publish(CHANNELS.content, { type: 'content.changed', scopes: [...scopes], origin });
}

/**
 * Which scopes a successful write may change, by its path. A path not listed changes everything
 * (safe for a route added later); chat, notifications, the AI lab, Hyper 3D scenes, logins and searches change no
 * public answer.
 */
export function scopesChangedBy(url: string): readonly ContentScope[] {
  const path = url.split('?', 1)[0]!;
  if (/^\/(api\/social-(chat|notifications)|api\/hyper3d|ai-lab|ws|wss)\//.test(path)) return [];
  if (/^\/(api\/v1\/token|auth\/token|taberna-profiles\/api\/v1\/token|api\/social-profiles\/api\/v1\/token)\//.test(path))
    return [];
  if (/^\/(api\/v1\/vue-apps\/search|api\/social-posts\/search|taberna-store\/api\/v1\/products\/search)\//.test(path)) return [];
  if (/^\/taberna-cart\//.test(path)) return [];
  // Issue 27: a mute or a bookmark is the person's own, but the feed and profile pages kept per
  // signed-in caller (issue 24's `perViewer`) show it (`bookmarked`, muted people left out): they
  // change 'social' as the other social writes do.
  if (/^\/taberna-/.test(path)) return ['shop'];
  // A profile's name shows in the shop's reviews too (audit S7: they kept the old name for a minute).
  if (/^\/api\/social-profiles\/editprofile\//.test(path)) return ['shop', 'social'];
  if (/^\/api\/social-/.test(path)) return ['social'];
  // A deleted account leaves every part (its posts, its reviews in the shop): issue 26.
  if (path === '/api/v1/account/') return CONTENT_SCOPES;
  // Accounts: a sign-up, an activation or a joined app can add a person to public lists.
  if (/^\/api\/v1\/(authusers|account)\//.test(path)) return ['social'];
  return CONTENT_SCOPES;
}

interface Entry {
  body: string;
  contentType: string;
  etag: string;
  version: number;
  expiresAt: number;
  encoded: Map<string, Buffer>;
  /**
   * The headers the answer had when it was made (security headers and the like), for hits served
   * before the hook chain; undefined when it must not be replayed (it set a cookie).
   */
  replayHeaders: string[] | undefined;
  /** The whole answer per encoding ('identity', 'br', 'gzip'), headers and body, made once. */
  ready: Map<string, { headers: string[]; body: Buffer }>;
}

/** Headers a replayed answer sets itself, or that belong to one connection or one moment. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'etag',
  'cache-control',
  'vary',
  'x-cache',
]);

/** The answer's headers to replay on hits, as a flat name/value list; undefined when it set a cookie. */
function replayableHeaders(reply: FastifyReply): string[] | undefined {
  const headers: string[] = [];
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (name === 'set-cookie') return undefined;
    if (NOT_REPLAYED.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  return headers;
}

const CACHE_HEADERS = ['cache-control', 'public, no-cache', 'vary', 'Authorization, Accept-Encoding', 'x-cache', 'hit'];

const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** An ETag for a body: weak, since a compressed answer is the same resource. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return undefined;
  const offered = header.split(',').map((part) => part.trim().toLowerCase());
  const accepts = (name: string) =>
    offered.some((part) => part === name || (part.startsWith(`${name};`) && !/q=0(\.0*)?$/.test(part)));
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

function encode(body: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : zlib.gzipSync(body, { level: 6 });
}

const isAnonymousRead = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.headers.authorization === undefined;

/**
 * Public reads (issue 12.3) answered from memory: an anonymous GET of a route with `publicCache`
 * is stored once and served with its ETag (304 when the browser has it), already compressed for
 * the encodings asked for. A successful write drops the scopes its path may change, on every
 * instance through the event bus (Redis when REDIS_URL is set); an answer whose scope changed
 * while it was being made is never stored. Signed-in callers are served from the cache only on the
 * routes that keep an answer per caller (`perViewer`, issue 24), each their own account's.
 */
export const publicCachePlugin = fp(
  async (
    app: FastifyInstance,
    {
      events,
      enabled = true,
      readiness,
      metrics,
      maxEntries = MAX_ENTRIES,
      maxBytes = MAX_BYTES,
    }: {
      events: EventBus;
      enabled?: boolean;
      readiness: Pick<Readiness, 'closing'>;
      metrics?: Pick<PortalMetrics, 'publicCache'>;
      /** Answers kept at most, and their bytes: the oldest goes first. */
      maxEntries?: number;
      maxBytes?: number;
    },
  ) => {
    // This instance drops a write's scopes itself, at once; its own announcement coming back is skipped.
    const instance = randomUUID();
    const versions = new Map<ContentScope, number>(CONTENT_SCOPES.map((scope) => [scope, 0]));
    const entries = new Map<string, Entry>();
    let bytes = 0;

    const bump = (scopes: readonly ContentScope[]) => {
      for (const scope of scopes) versions.set(scope, (versions.get(scope) ?? 0) + 1);
    };
    const subscription = events.subscribe(CHANNELS.content, (event) => {
      if (event.type === 'content.changed')
        bump(event.scopes.filter((scope): scope is ContentScope => versions.has(scope as ContentScope)));
    });
    app.addHook('onClose', async () => subscription.end());
    // Server-rendered pages (web-app plugin) are kept until what they show may have changed: the
    // scopes of the API paths they read (a cached route's path without parameters), all for any other.
    const staticPathScopes = new Map<string, ContentScope>();
    // Routes with parameters (a product's page), as a pattern each: a segment for each parameter.
    const pathPatterns: { pattern: RegExp; scope: ContentScope }[] = [];
    const trimmed = (url: string) => url.split('?', 1)[0]!.replace(/\/+$/, '');
    const scopeOfPath = (one: string) => {
      const path = trimmed(one);
      return staticPathScopes.get(path) ?? pathPatterns.find(({ pattern }) => pattern.test(path))?.scope;
    };
    const scopesOf = (paths: readonly string[]) => {
      const scopes = paths.map(scopeOfPath);
      return scopes.every((scope) => scope !== undefined) ? [...new Set(scopes)].sort() : CONTENT_SCOPES;
    };
    app.decorate('contentVersion', (paths: readonly string[]) =>
      scopesOf(paths)
        .map((scope) => `${scope}:${versions.get(scope)}`)
        .join(','),
    );

    const drop = (key: string) => {
      const entry = entries.get(key);
      if (!entry) return;
      bytes -= entry.body.length;
      entries.delete(key);
    };
    const store = (key: string, entry: Entry) => {
      drop(key);
      entries.set(key, entry);
      bytes += entry.body.length;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    };
    const keyOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;
    /** A signed-in caller's own entry (the authentication hook ran first): never another account's. */
    const viewerKeyOf = (request: FastifyRequest) =>
      request.user ? `account ${request.user.accountId} ${keyOf(request)}` : undefined;
    /** The entry stored under `key` while it is current (its scope unchanged, its time not up); a stale one is dropped. */
    const freshEntry = (key: string, scope: ContentScope) => {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version === versions.get(scope) && entry.expiresAt > Date.now()) return entry;
      drop(key);
      return undefined;
    };

    const encodedBody = (entry: Entry, encoding: 'br' | 'gzip') => {
      let encoded = entry.encoded.get(encoding);
      if (!encoded) {
        encoded = encode(entry.body, encoding);
        entry.encoded.set(encoding, encoded);
      }
      return encoded;
    };

    const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry, visibility = 'public') => {
      reply.header('etag', entry.etag);
      reply.header('cache-control', `${visibility}, no-cache`);
      reply.header('vary', 'Authorization, Accept-Encoding');
      reply.header('x-cache', 'hit');
      if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
      reply.type(entry.contentType);
      const encoding = acceptedEncoding(request);
      if (!encoding || entry.body.length < 1024) return reply.send(entry.body);
      reply.header('content-encoding', encoding);
      return reply.send(encodedBody(entry, encoding));
    };

    /** An entry's whole answer in an encoding, headers and bytes, made on its first hit in it. */
    const readyAnswer = (entry: Entry, replayHeaders: string[], encoding: 'br' | 'gzip' | undefined) => {
      const name = encoding ?? 'identity';
      let answer = entry.ready.get(name);
      if (!answer) {
        const body = encoding ? encodedBody(entry, encoding) : Buffer.from(entry.body);
        const headers = [...replayHeaders, 'etag', entry.etag, ...CACHE_HEADERS, 'content-type', entry.contentType];
        if (encoding) headers.push('content-encoding', encoding);
        headers.push('content-length', String(body.length));
        answer = { headers, body };
        entry.ready.set(name, answer);
      }
      return answer;
    };

    /*
     * Hits served first (issue 12): an anonymous GET of a cached answer skips the rest of the hook
     * chain — security headers, CORS, authentication, compression, serialization — and gets the
     * answer made when it was cached: its headers as they were then (the security headers
     * included), its body already encoded. Only when that answer is the same for everyone: no
     * Authorization (an authenticated or a refused caller goes the whole way), no Origin (CORS
     * answers depend on it), a GET (HEAD goes the whole way), not while the server closes
     * (answers then close their connection).
     */
    app.addHook('onRequest', (request, reply, done) => {
      const setting = request.routeOptions.config?.publicCache;
      if (
        !setting ||
        !enabled ||
        readiness.closing ||
        request.method !== 'GET' ||
        request.headers.authorization !== undefined ||
        request.headers.origin !== undefined
      )
        return done();
      const entry = freshEntry(keyOf(request), setting.scope);
      if (!entry?.replayHeaders) return done();
      metrics?.publicCache(setting.scope, true);
      reply.hijack();
      if (request.headers['if-none-match'] === entry.etag) {
        reply.raw.writeHead(304, [...entry.replayHeaders, 'etag', entry.etag, ...CACHE_HEADERS]);
        reply.raw.end();
        return;
      }
      const encoding = entry.body.length < 1024 ? undefined : acceptedEncoding(request);
      const answer = readyAnswer(entry, entry.replayHeaders, encoding);
      reply.raw.writeHead(200, answer.headers);
      reply.raw.end(answer.body);
    });

    app.addHook('onRoute', (route) => {
      const setting = route.config?.publicCache;
      if (!setting) return;
      // A wildcard route is left out: a page reading one counts every scope.
      if (route.url.includes(':') && !route.url.includes('*')) {
        const source = trimmed(route.url)
          .split('/')
          .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        pathPatterns.push({ pattern: new RegExp(`^${source}$`), scope: setting.scope });
      } else if (!route.url.includes('*')) staticPathScopes.set(trimmed(route.url), setting.scope);
      const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
        request.cacheVersion = versions.get(setting.scope) ?? 0;
        if (!enabled) return;
        if (!isAnonymousRead(request)) {
          const key = setting.perViewer && request.method === 'GET' ? viewerKeyOf(request) : undefined;
          request.cacheKey = key;
          const entry = key && freshEntry(key, setting.scope);
          if (entry) return sendEntry(request, reply, entry, 'private');
          return;
        }
        const key = keyOf(request);
        request.cacheKey = key;
        const entry = freshEntry(key, setting.scope);
        metrics?.publicCache(setting.scope, entry !== undefined);
        if (entry) return sendEntry(request, reply, entry);
      };
      const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (reply.getHeader('x-cache') === 'hit' || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
        const anonymous = isAnonymousRead(request);
        // A signed-in caller's answer is kept only on routes that keep one per caller, under its account's key.
        if (!anonymous && !request.cacheKey) {
          reply.header('cache-control', 'private, no-cache');
          reply.header('vary', 'Authorization');
          return payload;
        }
        const etag = etagOf(payload);
        reply.header('etag', etag);
        reply.header('cache-control', anonymous ? 'public, no-cache' : 'private, no-cache');
        reply.header('vary', 'Authorization, Accept-Encoding');
        const version = request.cacheVersion;
        if (enabled && version !== undefined && version === versions.get(setting.scope)) {
          const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
          const expiresAt = Date.now() + setting.ttlMs;
          store(request.cacheKey ?? keyOf(request), {
            body: payload,
            contentType,
            etag,
            version,
            expiresAt,
            encoded: new Map(),
            // Only public answers are replayed before the hook chain; a caller's own goes through authentication.
            replayHeaders: anonymous ? replayableHeaders(reply) : undefined,
            ready: new Map(),
          });
        }
        if (request.headers['if-none-match'] === etag) {
          reply.code(304);
          return '';
        }
        return payload;
      };
      route.onRequest = [...[route.onRequest ?? []].flat(), onRequest];
      route.onSend = [onSend, ...[route.onSend ?? []].flat()];
    });

    // A write drops what it may change before its answer leaves, so the writer's next read is fresh here.
    // Only on routes that write (issue 12: reads, most requests, get no promise for nothing).
    const announceWrite = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!succeededWrite(request, reply)) return payload;
      const scopes = scopesChangedBy(request.url);
      bump(scopes);
      await announceChange(events, scopes, instance);
      return payload;
    };
    app.addHook('onRoute', (route) => {
      if (routeMayWrite(route)) route.onSend = [announceWrite, ...[route.onSend ?? []].flat()];
    });
  },
  { name: 'public-cache' },
);
