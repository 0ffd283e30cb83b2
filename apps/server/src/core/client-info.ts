import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where a request comes from, as the login throttle and the session records see it. */
export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export const FORWARDED_WITHOUT_TRUST_WARNING =
  'A request carried X-Forwarded-For while TRUST_PROXY=false: behind a reverse proxy every client then shares ' +
  "the proxy's address for login throttling and rate limits. Set TRUST_PROXY=true when the portal runs behind a proxy.";

/** Warns once, at the first request that shows the portal sits behind a proxy it does not trust. */
export function warnOnUntrustedForwarding(app: FastifyInstance): void {
  let warned = false;
  // A callback hook, not an async one: it runs on every request (issue 12: no promise for nothing).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      app.log.warn(FORWARDED_WITHOUT_TRUST_WARNING);
    }
    done();
  });
}
