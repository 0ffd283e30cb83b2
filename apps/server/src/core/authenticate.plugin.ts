import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from './auth-user.js';
import { Unauthenticated } from './domain-errors.js';

/**
 * Resolves `request.user` for every routed request. As in the contract, a bad token is a 401 even
 * on public endpoints (so the client refreshes it), except on routes that opt out with `auth: 'none'`.
 */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, { authenticator }: { authenticator: Authenticator }) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const mode = request.routeOptions.config.auth ?? 'optional';
      if (mode === 'none') return;
      const header = request.headers.authorization;
      if (header) request.user = await authenticator.authenticate(header);
      if (mode === 'required' && !request.user) throw new Unauthenticated();
    });
  },
  { name: 'authenticate' },
);
