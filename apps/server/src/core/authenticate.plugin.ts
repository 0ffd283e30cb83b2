import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from './auth-user.js';
import { Unauthenticated } from './domain-errors.js';
import { routeMayWrite, succeededWrite } from './writes.js';

/** The back office reads its caller afresh on every request: roles change there (session-cache.ts). */
const FRESH_PREFIX = '/api/backoffice/';

/**
 * Resolves `request.user` for every routed request. As in the contract, a bad token is a 401 even
 * on public endpoints (so the client refreshes it), except on routes that opt out with `auth: 'none'`.
 * A successful write makes the authenticator forget the callers it remembers, before its answer
 * leaves: the writer's next request, and everyone's, sees the change.
 */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, { authenticator }: { authenticator: Authenticator }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const mode = request.routeOptions.config.auth ?? 'optional';
      if (mode === 'none') return;
      const header = request.headers.authorization;
      if (header) {
        const fresh = request.routeOptions.url?.startsWith(FRESH_PREFIX) ?? false;
        request.user = await authenticator.authenticate(header, fresh ? { fresh } : undefined);
      }
      if (mode === 'required' && !request.user) throw new Unauthenticated();
    });
    const { forget } = authenticator;
    if (forget) {
      // On the routes that may write only: reads get no hook.
      const forgetAfterWrite = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (succeededWrite(request, reply)) forget();
        return payload;
      };
      app.addHook('onRoute', (route) => {
        if (routeMayWrite(route)) route.onSend = [forgetAfterWrite, ...[route.onSend ?? []].flat()];
      });
    }
  },
  { name: 'authenticate' },
);
