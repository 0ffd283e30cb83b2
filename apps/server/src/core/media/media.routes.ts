import type { FastifyInstance } from 'fastify';
import { isSafeKey, type MediaStorage } from './media-storage.js';
import { MEDIA_URL_PREFIX } from './disk-media-storage.js';

/** Serves objects of a remote store at `/static/media/...`, so pages need no other origin. */
export async function mediaProxyRoutes(app: FastifyInstance, { media }: { media: MediaStorage }) {
  app.get(`${MEDIA_URL_PREFIX}*`, { schema: { hide: true }, config: { auth: 'none' } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const object = isSafeKey(key) ? await media.open(key) : undefined;
    if (!object) return reply.status(404).send({ detail: 'Not found.' });
    reply.header('content-type', object.contentType).header('cache-control', 'public, max-age=604800');
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    return reply.send(object.body);
  });
}
