import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_DATA_MESSAGES, accountExportQueuedSchema, boMemberRequestSchema } from '@portal/contracts';
import { requireStaff } from '../core/auth-user.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import type { AccountRequestsService } from './account-requests.service.js';
import { idParams, STAFF_ROUTE as config, TAGS as tags } from './route-params.js';

const archive = z.any().describe("A ZIP archive of the member's data, as the member's own export gives it");

/** Issue 26: a member's export or deletion, done by staff on the member's request (audited). */
export async function boAccountRequestsRoutes(app: FastifyInstance, { requests }: { requests: AccountRequestsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/backoffice/accounts/:id/export/', {
    config,
    schema: {
      tags,
      summary:
        "A member's data as a ZIP, on their request (staff; an owner for staff accounts); a very large one is emailed to the member (202)",
      params: idParams,
      body: boMemberRequestSchema,
      response: { 200: archive, 202: accountExportQueuedSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      const answer = await requests.exportAccount(requireStaff(request), request.params.id, request.body.reason);
      if (answer.kind === 'queued') return reply.status(202).send({ detail: ACCOUNT_DATA_MESSAGES.exportQueued });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${answer.filename}"`)
        .header('cache-control', 'no-store')
        .send(answer.archive);
    },
  });

  api.post('/api/backoffice/accounts/:id/delete/', {
    config,
    schema: {
      tags,
      summary:
        "Delete a member's account and personal data on their request (staff; an owner for staff accounts); orders stay, anonymised",
      params: idParams,
      body: boMemberRequestSchema,
      response: { 204: noContent, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await requests.deleteAccount(requireStaff(request), request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  });
}
