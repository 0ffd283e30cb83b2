import type { FastifyInstance } from 'fastify';
import type { Deps } from '../core/deps.js';
import { createAccountDataService } from '../core/account-data/account-data.service.js';
import { authDataPart } from './account-data.part.js';
import { accountDataRoutes } from './account-data.routes.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';
import { createOwnDataService } from './own-data.service.js';
import { createPasswordResetService } from './password-reset.service.js';
import { registrationRoutes } from './registration.routes.js';
import { createRegistrationService } from './registration.service.js';
import { createSessionService } from './session.service.js';
import { tokenRoutes } from './token.routes.js';

/** Accounts: sign-up and activation, password reset, the logins and tokens, and the one account behind every app. */
export async function authPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  const sessions = createSessionService(deps);
  const registration = createRegistrationService(deps, sessions);
  // Registered first, erased last (issue 26): the account row goes after every other part's rows.
  deps.accountData.register(authDataPart((ids) => sessions.announceRevoked(ids)));

  await app.register(registrationRoutes, { registration, resets: createPasswordResetService(deps, sessions) });
  await app.register(tokenRoutes, { sessions, shopLoginHooks: deps.shopLoginHooks });
  await app.register(accountRoutes, { account: createAccountService(deps, sessions) });
  await app.register(accountDataRoutes, { ownData: createOwnDataService(deps, sessions, createAccountDataService(deps)) });
}
