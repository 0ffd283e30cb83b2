import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const origins = new AsyncLocalStorage<string>();

/** A host as a browser sends it: a name or an IPv4 address, or a bracketed IPv6 one, with an optional port. */
export const HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The origin absolute links in an answer start with (media, pagination, app links): the request's
 * own while PUBLIC_URL is unset (issue 14.6: a portal reached at http://127.0.0.1:8000 hands out
 * links to that address, which its content security policy allows), else PUBLIC_URL.
 * Links in emails never use this: they come from PUBLIC_URL only, so that a forged Host header
 * cannot point a reset link elsewhere.
 */
export function publicOrigin(configured: string): string {
  return origins.getStore() ?? configured;
}

/** The request's own origin (its Host, or X-Forwarded-Host behind a trusted proxy); undefined for one that is not a plain host. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const { host, protocol } = request;
  return HOST.test(host) && (protocol === 'http' || protocol === 'https') ? `${protocol}://${host}` : undefined;
}

/** Makes {@link publicOrigin} answer each request's own origin ({@link requestOrigin}). */
export function followRequestOrigin(app: FastifyInstance): void {
  // preHandler: the body is read by then, so the context reaches the handler for every method.
  app.addHook('preHandler', (request, _reply, done) => {
    const origin = requestOrigin(request);
    if (!origin) return done();
    origins.run(origin, done);
  });
}
