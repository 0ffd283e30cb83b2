import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, notReadySchema, readinessSchema } from '@portal/contracts';
import type { Deps } from './deps.js';

/** Whether the instance takes new work: it stops when SIGTERM arrives, before requests in flight finish. */
export interface Readiness {
  /** `/readyz` answers 503, so a load balancer that polls it sends new requests elsewhere. */
  draining: boolean;
  /**
   * Reads (GET, HEAD) are answered 503 too: a proxy without health checks (nginx) retries them on
   * another instance and leaves this one out for a while, so it stops opening connections here
   * before the listening socket closes. Writes are still served: a proxy never retries them.
   */
  refusingReads: boolean;
  /** The server is closing (Fastify's `preClose` ran): answers close their connection, none comes from the cache. */
  closing: boolean;
}

const PROBES = new Set(['/healthz', '/readyz']);

/** Answers reads with 503 while the instance refuses them (see `Readiness.refusingReads`). */
export function refuseReadsWhileStopping(app: FastifyInstance, readiness: Readiness): void {
  // A callback hook, not an async one: it runs on every request (issue 12: no promise for nothing).
  app.addHook('onRequest', (request, reply, done) => {
    if (!readiness.refusingReads || (request.method !== 'GET' && request.method !== 'HEAD')) return done();
    if (PROBES.has(request.url.split('?', 1)[0]!)) return done();
    reply
      .status(503)
      .header('retry-after', '1')
      .header('connection', 'close')
      .send({ detail: 'This instance is shutting down. Try again.' });
  });
}

const PROBE_TIMEOUT_MS = 2_000;

function withinProbeTime<T>(work: Promise<T>, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer in time`)), PROBE_TIMEOUT_MS);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export async function healthRoutes(
  app: FastifyInstance,
  { database, redis, media, readiness }: Pick<Deps, 'database' | 'redis' | 'media'> & { readiness: Readiness },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];

  api.get('/healthz', {
    config: { auth: 'none' },
    schema: {
      tags,
      summary: 'Liveness and database reachability',
      response: { 200: healthSchema, 503: z.object({ status: z.literal('error'), detail: z.string() }) },
    },
    handler: async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ok' as const, database: database.kind };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, detail: 'The database is not reachable.' });
      }
    },
  });

  api.get('/readyz', {
    config: { auth: 'none' },
    schema: {
      tags,
      summary:
        'Readiness for a load balancer: the database, Redis and the media store answer, and the instance is not shutting down',
      response: { 200: readinessSchema, 503: notReadySchema },
    },
    handler: async (request, reply) => {
      if (readiness.draining) {
        return reply.status(503).send({ status: 'draining' as const, detail: 'This instance is shutting down.' });
      }
      const checks: [string, () => Promise<unknown>][] = [
        ['The database', () => database.ping()],
        ...(redis ? [['Redis', () => redis.ping()] as [string, () => Promise<unknown>]] : []),
        ['The media store', () => media.exists('readiness/probe.txt')],
      ];
      for (const [what, check] of checks) {
        try {
          await withinProbeTime(check(), what);
        } catch (error) {
          request.log.error({ err: error }, `readiness: ${what.toLowerCase()} is not reachable`);
          return reply.status(503).send({ status: 'error' as const, detail: `${what} is not reachable.` });
        }
      }
      return {
        status: 'ready' as const,
        database: 'ok' as const,
        redis: redis ? ('ok' as const) : ('not used' as const),
        media: 'ok' as const,
      };
    },
  });
}
