import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema } from '@portal/contracts';
import type { DatabaseHandle } from '../db/client.js';

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.withTypeProvider<ZodTypeProvider>().get('/healthz', {
    config: { auth: 'none' },
    schema: {
      tags: ['operations'],
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
}
