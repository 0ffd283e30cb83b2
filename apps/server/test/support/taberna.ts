import type { FastifyInstance } from 'fastify';

/** Logs in to the shop (optionally handing over a guest cart) and returns the tokens. */
export async function shopLogin(app: FastifyInstance, person: { email: string; password: string }, cartId: string | null = null) {
  const response = await app.inject({
    method: 'POST',
    url: '/taberna-profiles/api/v1/token/',
    payload: { email: person.email, password: person.password, cart_id: cartId },
  });
  if (response.statusCode !== 200) throw new Error(`shop login failed: ${response.statusCode} ${response.body}`);
  return response.json() as { access: string; refresh: string };
}
