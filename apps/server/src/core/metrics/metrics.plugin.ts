import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalMetrics } from './metrics.js';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the request was made on this machine and not relayed: the socket's own address (never
 * X-Forwarded-For, which a client writes as it likes and TRUST_PROXY believes) is a loopback one,
 * and no proxy header came with it — a proxy on the same machine (nginx in front) connects from
 * loopback too, for clients from anywhere.
 */
export function madeOnThisMachine(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearsToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token));
}

/**
 * `GET /metrics` in Prometheus' text format, for requests made on this machine or bearing
 * METRICS_TOKEN; and the HTTP figures of every request, counted when its answer has gone.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics: PortalMetrics; token: string | undefined }) => {
    // A callback hook on every request's path (no promise): the route's pattern keeps the label set bounded.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.http.observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get('/metrics', {
      config: { auth: 'none' },
      schema: { hide: true },
      handler: async (request, reply) => {
        if (!madeOnThisMachine(request) && !bearsToken(request, token)) {
          return reply.code(403).send({
            detail: 'Metrics are served to this machine, or with the METRICS_TOKEN bearer token.',
          });
        }
        reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    });
  },
  { name: 'metrics' },
);
