import type { FastifyInstance } from 'fastify';
import type { CapturingMailer } from './capturing-mailer.js';
import { newPerson } from './test-app.js';

export type Person = ReturnType<typeof newPerson>;

const REGISTER_PATHS = {
  default: '/api/v1/authusers/',
  social: '/api/social-profiles/register/',
  taberna: '/taberna-profiles/api/register/',
} as const;

/** Registers through the API and follows the mailed activation link, as a person would. */
export async function registerActivated(
  app: FastifyInstance,
  mail: CapturingMailer,
  kind: keyof typeof REGISTER_PATHS = 'social',
  person: Person = newPerson(),
) {
  const created = await app.inject({ method: 'POST', url: REGISTER_PATHS[kind], payload: person });
  if (created.statusCode !== 201) throw new Error(`registration failed: ${created.statusCode} ${created.body}`);
  const link = new URL(mail.lastLinkTo(person.email));
  const activated = await app.inject({ method: 'GET', url: link.pathname });
  if (activated.headers.location !== '/taberna-profiles/activate-result/?status=activated') {
    throw new Error(`activation failed: ${activated.statusCode} ${String(activated.headers.location)}`);
  }
  return { person, id: (created.json() as { id: number }).id };
}

export async function socialLogin(app: FastifyInstance, person: Person) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/token/',
    payload: { email: person.email, password: person.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as { access: string; refresh: string };
}

export const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
