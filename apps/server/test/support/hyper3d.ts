import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Hyper3dDocument, Hyper3dNode } from '@portal/contracts';
import { multipartBody } from './multipart.js';

export interface SceneFile {
  id: string;
  name: string;
  data: Buffer;
}

const PLACE: Pick<Hyper3dNode, 'visible' | 'locked' | 'position' | 'rotation' | 'scale'> = {
  visible: true,
  locked: false,
  position: [0, 0, 0],
  rotation: [0, 0, 0],
  scale: [1, 1, 1],
};

/** A scene with a group, a cube in it named `cubeName`, and a model for each file given. */
export function sceneWith(files: SceneFile[], cubeName = 'Cube'): Hyper3dDocument {
  const material = {
    color: '#1e88e5',
    metalness: 0,
    roughness: 0.5,
    opacity: 1,
    emissive: '#000000',
    emissiveIntensity: 1,
    map: null,
  };
  return {
    app: 'hyper3d',
    kind: 'scene',
    version: 1,
    nodes: [
      { ...PLACE, id: 'g', name: 'Group', parent: null, type: 'group' },
      { ...PLACE, id: 'cube', name: cubeName, parent: 'g', type: 'figure', shape: 'cube', material },
      ...files.map((file): Hyper3dNode => ({
        ...PLACE,
        id: `m-${file.id}`,
        name: file.name,
        parent: null,
        type: 'model',
        model: { format: 'glb', files: [file.id] },
      })),
    ],
    files: files.map((file) => ({ id: file.id, name: file.name, size: file.data.length })),
  };
}

/** A save as the editor sends it: name, scene JSON, and the files given (by id). */
export function saveBody(name: string, scene: unknown, files: SceneFile[]) {
  return multipartBody(
    files.map((file) => ({ field: file.id, filename: file.name, contentType: 'application/octet-stream', data: file.data })),
    { name, scene: typeof scene === 'string' ? scene : JSON.stringify(scene) },
  );
}

/** Saves a new scene for the caller; answers the response. */
export function createScene(
  app: FastifyInstance,
  headers: Record<string, string>,
  name: string,
  scene: unknown,
  files: SceneFile[] = [],
) {
  const body = saveBody(name, scene, files);
  return app.inject({
    method: 'POST',
    url: '/api/hyper3d/scenes/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** A scene with one small model, saved by the caller; answers its id and the model's file id. */
export async function savedScene(app: FastifyInstance, headers: Record<string, string>, name: string) {
  const model: SceneFile = { id: `f${randomBytes(6).toString('hex')}`, name: 'model.glb', data: randomBytes(64) };
  const response = await createScene(app, headers, name, sceneWith([model]), [model]);
  if (response.statusCode !== 201) throw new Error(`saving a scene failed: ${response.statusCode} ${response.body}`);
  return { id: String(response.json<{ id: string }>().id), fileId: model.id, document: sceneWith([model]), model };
}

/** Shares a scene of the caller; answers the token of its link. */
export async function shareScene(app: FastifyInstance, headers: Record<string, string>, id: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `/api/hyper3d/scenes/${id}/share/`, headers });
  if (response.statusCode !== 200) throw new Error(`sharing failed: ${response.statusCode} ${response.body}`);
  return response.json<{ url: string }>().url.split('/').at(-1)!;
}
