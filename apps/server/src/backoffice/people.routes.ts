import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  boAccountListSchema,
  boAccountQuerySchema,
  boAccountRowSchema,
  boAuditListSchema,
  boAuditQuerySchema,
  boOverviewSchema,
  boReportListSchema,
  boReportQuerySchema,
  boReportRowSchema,
  boRoleRequestSchema,
  boSuspendRequestSchema,
} from '@portal/contracts';
import { requireOwner, requireStaff } from '../core/auth-user.js';
import { errorResponses } from '../core/openapi-responses.js';
import type { AuditService } from './audit.service.js';
import type { OverviewService } from './overview.service.js';
import type { PeopleService } from './people.service.js';
import { idParams, postParams, STAFF_ROUTE, TAGS } from './route-params.js';

export async function boPeopleRoutes(
  app: FastifyInstance,
  { people, overview, audit }: { people: PeopleService; overview: OverviewService; audit: AuditService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = TAGS;
  const config = STAFF_ROUTE;

  api.get('/api/backoffice/reports/', {
    config,
    schema: {
      tags,
      summary: 'Reported posts: reports, reporters and their reasons, hidden or not, and the decision taken (staff)',
      querystring: boReportQuerySchema,
      response: { 200: boReportListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => people.listReports(request.query, request.url),
  });

  for (const [action, summary] of [
    ['hide', 'Hide a post from everyone but its author; reports no longer change it (staff)'],
    ['restore', 'Show a hidden post again; further reports do not hide it (staff)'],
    ['dismiss', "Close a post's reports without changing it (staff)"],
  ] as const) {
    api.post(`/api/backoffice/posts/:id/${action}/`, {
      config,
      schema: { tags, summary, params: postParams, response: { 200: boReportRowSchema, ...errorResponses(401, 403, 404) } },
      handler: async (request) => people[action](requireStaff(request), request.params.id),
    });
  }

  api.get('/api/backoffice/accounts/', {
    config,
    schema: {
      tags,
      summary: 'Accounts, searchable by email, username or name, filtered by role and suspension (staff)',
      querystring: boAccountQuerySchema,
      response: { 200: boAccountListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => people.listAccounts(request.query, request.url),
  });

  api.post('/api/backoffice/accounts/:id/suspend/', {
    config,
    schema: {
      tags,
      summary:
        'Suspend an account with a reason: its tokens and sockets stop at once, its posts are hidden, it cannot log in (staff)',
      params: idParams,
      body: boSuspendRequestSchema,
      response: { 200: boAccountRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => people.suspend(requireStaff(request), request.params.id, request.body.reason),
  });

  api.post('/api/backoffice/accounts/:id/reinstate/', {
    config,
    schema: {
      tags,
      summary: 'Lift a suspension: the account can log in again and the posts the suspension hid come back (staff)',
      params: idParams,
      response: { 200: boAccountRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => people.reinstate(requireStaff(request), request.params.id),
  });

  api.post('/api/backoffice/accounts/:id/role/', {
    config,
    // Owners only, checked before the body is read: staff hear 403 whatever they send.
    onRequest: async (request) => void requireOwner(request),
    schema: {
      tags,
      summary: 'Give an account the staff or owner role, or take it away (null); the last owner stays (owners only)',
      params: idParams,
      body: boRoleRequestSchema,
      response: { 200: boAccountRowSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => people.setRole(requireOwner(request), request.params.id, request.body.role),
  });

  api.get('/api/backoffice/audit/', {
    config,
    schema: {
      tags,
      summary: 'The audit log: every back-office action with who, what, when, before and after; searchable (staff)',
      querystring: boAuditQuerySchema,
      response: { 200: boAuditListSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => audit.list(request.query, request.url),
  });

  api.get('/api/backoffice/overview/', {
    config,
    schema: {
      tags,
      summary: 'Sales, orders to ship, low stock, open reports, new accounts and AI lab requests, with daily series (staff)',
      response: { 200: boOverviewSchema, ...errorResponses(401, 403) },
    },
    handler: async () => overview.overview(),
  });
}
