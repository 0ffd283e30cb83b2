import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { hyper3dDataPart } from './account-data.part.js';
import { scenesRoutes } from './scenes.routes.js';
import { createScenesService } from './scenes.service.js';
import { sharedScenesRoutes } from './shared-scenes.routes.js';

/** Hyper 3D: the editor's scenes saved to the account, and shared read-only by link. */
export async function hyper3dPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  deps.accountData.register(hyper3dDataPart());
  const scenes = createScenesService(deps);
  await app.register(scenesRoutes, { scenes, sceneLimit: deps.config.hyper3dSceneLimit });
  await app.register(sharedScenesRoutes, { scenes });
}
