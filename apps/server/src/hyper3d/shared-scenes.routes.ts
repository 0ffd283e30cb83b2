import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hyper3dSharedSceneSchema } from '@portal/contracts';
import { errorResponses } from '../core/openapi-responses.js';
import { sendSceneFile } from './scenes.routes.js';
import type { ScenesService } from './scenes.service.js';

const params = z.object({ token: z.string().max(64) });

/** Shared scenes: anyone with the link reads them, until the owner stops sharing. */
export async function sharedScenesRoutes(app: FastifyInstance, { scenes }: { scenes: ScenesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hyper3d'];

  api.get('/api/hyper3d/shared/:token/', {
    config: { auth: 'optional' },
    schema: {
      tags,
      summary: 'A shared scene, read-only, for anyone with its link; 404 once its owner stops sharing it',
      params,
      response: { 200: hyper3dSharedSceneSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => scenes.shared(request.params.token),
  });

  api.get('/api/hyper3d/shared/:token/files/:fileId/', {
    config: { auth: 'optional' },
    schema: {
      tags,
      summary: 'The bytes of one file of a shared scene',
      params: params.extend({ fileId: z.string().max(200) }),
      produces: ['application/octet-stream'],
      response: errorResponses(401, 404),
    },
    handler: async (request, reply) => sendSceneFile(reply, await scenes.sharedFile(request.params.token, request.params.fileId)),
  });
}
