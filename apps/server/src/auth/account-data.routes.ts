import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_DATA_MESSAGES, accountExportQueuedSchema, deleteAccountRequestSchema } from '@portal/contracts';
import { requireUser } from '../core/auth-user.js';
import { clientInfo } from '../core/client-info.js';
import { NotFound } from '../core/domain-errors.js';
import { errorResponses, noContent } from '../core/openapi-responses.js';
import type { OwnDataService } from './own-data.service.js';

const archive = z.any().describe('A ZIP archive: one folder per part of the portal, JSON documents and media files');

/** Issue 26: members' data rights — a copy of everything (articles 15, 20) and deleting the account (article 17). */
export async function accountDataRoutes(app: FastifyInstance, { ownData }: { ownData: OwnDataService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  api.get('/api/v1/account/export/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary:
        "The logged-in member's data as a ZIP (200), or for a very large account an email with a link when it is ready (202)",
      response: { 200: archive, 202: accountExportQueuedSchema, ...errorResponses(401, 429) },
    },
    handler: async (request, reply) => {
      const answer = await ownData.export(requireUser(request));
      if (answer.kind === 'queued') return reply.status(202).send({ detail: ACCOUNT_DATA_MESSAGES.exportQueued });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${answer.filename}"`)
        .header('cache-control', 'no-store')
        .send(answer.archive);
    },
  });

  api.get('/api/v1/account/export/download/:token/', {
    // The emailed link: its signature and expiry are the credential (a mail client sends no token).
    config: { auth: 'none' },
    schema: {
      tags,
      summary: 'A very large export, through the signed link the email gave (works for 48 hours)',
      params: z.object({ token: z.string().max(200) }),
      response: { 200: archive, ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const file = await ownData.download(request.params.token);
      if (!file) throw new NotFound(ACCOUNT_DATA_MESSAGES.exportLinkExpired);
      return reply
        .type('application/zip')
        .header('content-length', file.size)
        .header('content-disposition', 'attachment; filename="portal-data.zip"')
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });

  api.delete('/api/v1/account/', {
    config: { auth: 'required' },
    schema: {
      tags,
      summary: 'Delete the logged-in account and everything personal (orders stay, anonymised); the password confirms',
      body: deleteAccountRequestSchema,
      response: { 204: noContent, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request, reply) => {
      await ownData.deleteAccount(requireUser(request), request.body.password, clientInfo(request));
      return reply.status(204).send(null);
    },
  });
}
