import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { MEDIA_URL_PREFIX } from './media/disk-media-storage.js';
import type { FastifyInstance } from 'fastify';

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

export const securityPlugin = fp(
  async (app: FastifyInstance, { corsAllowedOrigins, publicUrl, mediaOrigin }: Options) => {
    await app.register(helmet, {
      enableCSPNonces: true,
      contentSecurityPolicy: contentSecurityPolicy(publicUrl, mediaOrigin),
      crossOriginEmbedderPolicy: false,
      // Same-site API, but images and media may be opened from other origins (emails, shares).
      crossOriginResourcePolicy: { policy: 'same-site' },
      // …except media (contract §1.x), set below.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    });
    // Media (`/static/media/…`) load in pages of any origin: the reference client is served from another site.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith(MEDIA_URL_PREFIX)) reply.header('cross-origin-resource-policy', 'cross-origin');
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
