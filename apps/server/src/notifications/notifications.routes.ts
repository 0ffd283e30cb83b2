import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  messageSchema,
  notificationQuerySchema,
  notificationSchema,
  notificationsReadSchema,
  SOCIAL_MESSAGES,
} from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { NotFound } from '../core/domain-errors.js';
import { uuidParam } from '../core/ids.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { NotificationsService } from './notifications.service.js';

export async function notificationsRoutes(app: FastifyInstance, { notifications }: { notifications: NotificationsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['social notifications'];
  const recipient = (request: FastifyRequest) => notifications.recipientOf(requireUser(request).accountId);

  api.get('/api/social-notifications/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: "The caller's unread notifications, newest first; `type` keeps one kind (`friendship`: the friend-request ones)",
      querystring: notificationQuerySchema,
      response: { 200: z.array(notificationSchema), ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => notifications.unread(await recipient(request), request.query.type),
  });

  api.post('/api/social-notifications/read/:id/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Mark one of your notifications read',
      params: z.object({ id: z.string().max(64) }),
      response: { 200: messageSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const recipientId = await recipient(request);
      if (!(await notifications.markRead(recipientId, uuidParam(request.params.id)))) throw new NotFound();
      return { message: SOCIAL_MESSAGES.notificationRead };
    },
  });

  // Not in the reference contract: clears the badge in one call. Idempotent (0 the second time).
  api.post('/api/social-notifications/read-all/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Mark all of your unread notifications read; answers how many there were',
      response: { 200: notificationsReadSchema, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const recipientId = await recipient(request);
      return { message: SOCIAL_MESSAGES.notificationsRead, count: await notifications.markAllRead(recipientId) };
    },
  });
}
