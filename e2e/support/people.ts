import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { activationLinkFor } from './outbox';
import { SERVERS } from './servers';

export const DEMO = { email: 'alice@example.com', password: 'portal-demo-2026', slug: 'alice-martin' };

export function newPerson() {
  const tag = randomBytes(4).toString('hex');
  return {
    first: 'Marta',
    last: `Quinn${tag.slice(0, 3)}`,
    username: `marta_${tag}`,
    email: `marta.${tag}@example.com`,
    password: 'copper-kettle-2026',
  };
}

/** Signs `person` up through a register endpoint (not activated); answers the server's response. */
export function register(request: APIRequestContext, registerPath: string, person: ReturnType<typeof newPerson>) {
  return request.post(registerPath, {
    data: {
      email: person.email,
      username: person.username,
      first_name: person.first,
      last_name: person.last,
      password: person.password,
    },
  });
}

/**
 * A new person signed up through one of the register endpoints and activated from the outbox, as a
 * visitor would: `/api/social-profiles/register/` or `/taberna-profiles/api/register/` (of the main
 * portal, or of another whose data folder is given).
 */
export async function activatedAccount(request: APIRequestContext, registerPath: string, dataDir = SERVERS.main.dataDir) {
  const person = newPerson();
  expect((await register(request, registerPath, person)).status()).toBe(201);
  const link = await activationLinkFor(dataDir, person.email);
  expect((await request.get(new URL(link).pathname, { maxRedirects: 0 })).status()).toBe(302);
  return person;
}
