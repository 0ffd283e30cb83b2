import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import { MEDIA_URL_PREFIX } from './media/disk-media-storage.js';
import { isApiPath } from './web-app.plugin.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Options {
  corsAllowedOrigins: string[];
  publicUrl: string;
  /** Another origin media files are loaded from (a public bucket or CDN), if any. */
  mediaOrigin?: string | undefined;
}

/** The content security policy of the web app: exactly what it uses, and nothing from elsewhere. */
export function contentSecurityPolicy(publicUrl: string, mediaOrigin?: string) {
  const media = mediaOrigin ? [mediaOrigin] : [];
  const origin = new URL(publicUrl);
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // Emotion (MUI) injects <style> elements; they carry the per-response nonce.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...media],
      mediaSrc: ["'self'", 'blob:', ...media],
      fontSrc: ["'self'", 'data:'],
      // blob: and data: — three.js loaders read the 3D files a person opens from disk (blob: URLs this page
      // made) and the images and buffers embedded in them (data: URIs) with fetch(). Neither reaches a server.
      connectSrc: ["'self'", socketOrigin, 'blob:', 'data:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      manifestSrc: ["'self'"],
    },
  };
}

/**
 * The policy of every API answer (JSON, events, redirects, media, errors): nothing in it may load or run anything, and no
 * page may frame it. Constant, so no nonce is generated for it (issue 12: a nonce costs every request).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";

const SCRIPT_NONCE = 'nonce-script-placeholder';
const STYLE_NONCE = 'nonce-style-placeholder';

/** The headers a helmet configuration sets, read once: helmet rebuilds them from its options on every call. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Whether an answer is a page of the web app or one of its built files: the `/` route, a file of the
 * static files' catch-all (media excepted) and the not-found handler's `index.html` for client routes.
 * Those keep the page policy with its per-response nonces (built files too: a worker's script runs
 * under the policy it was served with). Every other route answers JSON, events, redirects or media.
 */
function isPageOrFile(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === '/') return true;
  if (route !== undefined && route !== '/*') return false;
  return !isApiPath(request.url) || request.url.startsWith('/assets/');
}

export const securityPlugin = fp(
  async (app: FastifyInstance, { corsAllowedOrigins, publicUrl, mediaOrigin }: Options) => {
    const pagePolicy = contentSecurityPolicy(publicUrl, mediaOrigin);
    const common = {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      // Same-site API, but images and media may be opened from other origins (emails, shares).
      crossOriginResourcePolicy: { policy: 'same-site' },
      // …except media (contract §1.x), set below.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    } satisfies HelmetOptions;
    // Every header is computed once here; each answer only copies them.
    const apiHeaders = { ...helmetHeaders(common), 'content-security-policy': API_CONTENT_SECURITY_POLICY };
    const pageHeaders = helmetHeaders(common);
    // The page policy as helmet writes it, with the two nonces of a response put in per response.
    const pagePolicyTemplate = helmetHeaders({
      ...common,
      contentSecurityPolicy: {
        ...pagePolicy,
        directives: {
          ...pagePolicy.directives,
          scriptSrc: [...pagePolicy.directives.scriptSrc, `'${SCRIPT_NONCE}'`],
          styleSrc: [...pagePolicy.directives.styleSrc, `'${STYLE_NONCE}'`],
        },
      },
    })['content-security-policy']!;

    app.decorateReply('cspNonce', null);
    app.addHook('onRequest', (request, reply, done) => {
      if (!isPageOrFile(request)) {
        reply.headers(apiHeaders);
      } else {
        // Pages (index.html carries the style nonce for Emotion): fresh nonces for each response.
        const nonce = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
        (reply as typeof reply & { cspNonce: typeof nonce }).cspNonce = nonce;
        reply.headers(pageHeaders);
        reply.header(
          'content-security-policy',
          pagePolicyTemplate.replace(SCRIPT_NONCE, `nonce-${nonce.script}`).replace(STYLE_NONCE, `nonce-${nonce.style}`),
        );
      }
      done();
    });
    // Media (`/static/media/…`) load in pages of any origin: the reference client is served from another site.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith(MEDIA_URL_PREFIX)) reply.header('cross-origin-resource-policy', 'cross-origin');
      done(null, payload);
    });
    await app.register(cors, {
      origin: corsAllowedOrigins.length > 0 ? corsAllowedOrigins : false,
      credentials: false,
      methods: ['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT'],
      allowedHeaders: ['accept', 'authorization', 'content-type', 'user-agent', 'x-csrftoken', 'x-requested-with'],
      maxAge: 86_400,
      optionsSuccessStatus: 200,
    });
  },
  { name: 'security' },
);
