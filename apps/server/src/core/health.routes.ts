import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, notReadySchema, readinessSchema } from '@portal/contracts';
import type { Deps } from './deps.js';

/** Whether the instance takes new work: it stops when SIGTERM arrives, before requests in flight finish. */
export interface Readiness {
  draining: boolean;
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
