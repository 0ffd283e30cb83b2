import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hyper3dSceneListQuerySchema, hyper3dSceneListSchema, hyper3dSceneSchema, hyper3dShareSchema } from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import { readSceneUpload } from './scene-upload.js';
import type { SceneFileStream, ScenesService } from './scenes.service.js';

const SAVE = { auth: 'required', writeLimit: { action: 'scene', shape: 'detail' } } as const;
const OWNER = { auth: 'required' } as const;
const params = z.object({ id: z.string().max(64) });
const fileParams = params.extend({ fileId: z.string().max(200) });
const SAVE_BODY =
  'multipart/form-data: `name`, `scene` (the scene JSON) and one part per file the scene lists, named by its id ' +
  '(on a new version, files it already has may be left out). The whole at most HYPER3D_SCENE_LIMIT bytes (413 past it).';

/** Sends a scene file as a download: bytes the browser never runs or shows in place. */
export function sendSceneFile(reply: FastifyReply, file: SceneFileStream) {
  reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', 'private, no-store');
  if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
  return reply.send(file.body);
}

/** The scenes of logged-in people: each person's own (others are told there is no such scene). */
export async function scenesRoutes(app: FastifyInstance, { scenes, sceneLimit }: { scenes: ScenesService; sceneLimit: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hyper3d'];

  api.get('/api/hyper3d/scenes/', {
    config: OWNER,
    schema: {
      tags,
      summary: "The caller's scenes, the most recently saved first; `next_cursor` (as `cursor`) gives the next page",
      querystring: hyper3dSceneListQuerySchema,
      response: { 200: hyper3dSceneListSchema, ...errorResponses(400, 401, 404) },
    },
    handler: (request) => scenes.list(requireUser(request).accountId, request.query),
  });

  api.post('/api/hyper3d/scenes/', {
    config: SAVE,
    schema: {
      tags,
      summary: `Saves a new scene. ${SAVE_BODY}`,
      consumes: ['multipart/form-data'],
      response: { 201: hyper3dSceneSchema, ...errorResponses(400, 401, 409, 413, 429) },
    },
    handler: async (request, reply) => {
      const saved = await scenes.create(requireUser(request).accountId, () => readSceneUpload(request, sceneLimit));
      return reply.status(201).send(saved);
    },
  });

  api.get('/api/hyper3d/scenes/:id/', {
    config: OWNER,
    schema: {
      tags,
      summary: 'One of the caller’s scenes with its JSON; its files at `files/{file id}/`',
      params,
      response: { 200: hyper3dSceneSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => scenes.get(requireUser(request).accountId, request.params.id),
  });

  api.put('/api/hyper3d/scenes/:id/', {
    config: SAVE,
    schema: {
      tags,
      summary: `Saves a new version of one of the caller’s scenes. ${SAVE_BODY}`,
      consumes: ['multipart/form-data'],
      params,
      response: { 200: hyper3dSceneSchema, ...errorResponses(400, 401, 404, 413, 429) },
    },
    handler: (request) =>
      scenes.replace(requireUser(request).accountId, request.params.id, () => readSceneUpload(request, sceneLimit)),
  });

  api.delete('/api/hyper3d/scenes/:id/', {
    config: OWNER,
    schema: {
      tags,
      summary: 'Deletes one of the caller’s scenes and its files',
      params,
      response: { 204: noContent, ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      await scenes.remove(requireUser(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  api.get('/api/hyper3d/scenes/:id/files/:fileId/', {
    config: OWNER,
    schema: {
      tags,
      summary: 'The bytes of one file of one of the caller’s scenes (a model file, a texture)',
      params: fileParams,
      produces: ['application/octet-stream'],
      response: errorResponses(401, 404),
    },
    handler: async (request, reply) =>
      sendSceneFile(reply, await scenes.file(requireUser(request).accountId, request.params.id, request.params.fileId)),
  });

  api.post('/api/hyper3d/scenes/:id/share/', {
    config: OWNER,
    schema: {
      tags,
      summary: 'Shares one of the caller’s scenes read-only: answers the link (the same one while it stays shared)',
      params,
      response: { 200: hyper3dShareSchema, ...errorResponses(401, 404) },
    },
    handler: (request) => scenes.share(requireUser(request).accountId, request.params.id),
  });

  api.delete('/api/hyper3d/scenes/:id/share/', {
    config: OWNER,
    schema: {
      tags,
      summary: 'Stops sharing one of the caller’s scenes: its link answers 404 from now on',
      params,
      response: { 204: noContent, ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      await scenes.unshare(requireUser(request).accountId, request.params.id);
      return reply.status(204).send(null);
    },
  });
}
