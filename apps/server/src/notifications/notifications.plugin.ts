import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { defaultErrorShape, socialShape } from '../core/error-shapes.js';
import { notificationsDataPart } from './account-data.part.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/**
 * Notifications of the social network: stored, listed and marked read here; created by the social
 * services through `index.ts`. Each new one is published on the recipient's channel of the event
 * bus, which the social network's notification socket relays.
 */
export async function notificationsPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  deps.accountData.register(notificationsDataPart());
  defaultErrorShape(app, socialShape);
  await app.register(notificationsRoutes, { notifications: createNotificationsService(deps) });
}
