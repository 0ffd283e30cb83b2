import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts } from '../../src/db/schema/index.js';
import { socialUser, type SocialUser } from './social.js';
import { addToCart, BILLING } from './taberna.js';
import type { TestApp } from './test-app.js';

export interface Member extends SocialUser {
  accountId: number;
}

/** A signed-up person (social and shop profiles), with a back-office role when given. */
export async function member(t: TestApp, role: 'staff' | 'owner' | null = null): Promise<Member> {
  const user = await socialUser(t);
  const joined = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/profiles/',
    headers: user.headers,
    payload: { app: 'taberna', password: user.person.password },
  });
  expect(joined.statusCode).toBe(201);
  const [row] = await t.database.db
    .update(accounts)
    .set({ role })
    .where(eq(accounts.email, user.person.email))
    .returning({ id: accounts.id });
  return { ...user, accountId: row!.id };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** `/api/backoffice/...` as a member. */
export function backoffice(t: TestApp, who: { headers: Record<string, string> } | null) {
  return (method: Method, path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/backoffice${path}`, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
}

/** The audit log's rows about one target (`product:12`), newest first, as staff read them. */
export async function auditRows(bo: ReturnType<typeof backoffice>, target: string) {
  const list = await bo('GET', `/audit/?search=${encodeURIComponent(target)}&page_size=100`);
  expect(list.statusCode).toBe(200);
  return (list.json() as { results: { action: string; target: string; actor: string }[] }).results;
}

/** Places an order of `quantity` of a product as the customer; answers the test checkout's session id. */
export async function placeOrder(
  t: TestApp,
  customer: Member,
  productId: number,
  quantity = 1,
  billing: Partial<typeof BILLING> & { postal_code?: string; shipping_address?: Record<string, string> } = {},
): Promise<string> {
  for (let i = 0; i < quantity; i += 1) expect((await addToCart(t.app, productId, {}, customer.headers)).statusCode).toBe(200);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/taberna-orders/api/v1/place_order_stripe_session/',
    headers: customer.headers,
    payload: { ...BILLING, email: customer.person.email, ...billing },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return String(placed.json().checkout_url).split('/').at(-1)!;
}

/** Pays a session with the test card. */
export async function pay(t: TestApp, sessionId: string): Promise<void> {
  const paid = await t.app.inject({
    method: 'POST',
    url: `/taberna-orders/test-checkout/api/${sessionId}/pay/`,
    payload: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Rosa Tester' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** The back office's id of the customer's newest order. */
export async function newestOrderId(t: TestApp, staff: Member, customer: Member): Promise<number> {
  const list = await backoffice(t, staff)('GET', `/orders/?search=${encodeURIComponent(customer.person.email)}`);
  expect(list.statusCode, list.body).toBe(200);
  return (list.json() as { results: { id: number }[] }).results[0]!.id;
}

/** A paid order of the customer; answers its back-office id. */
export async function paidOrder(
  t: TestApp,
  staff: Member,
  customer: Member,
  productId: number,
  quantity = 1,
  billing: Partial<typeof BILLING> & { postal_code?: string; shipping_address?: Record<string, string> } = {},
): Promise<number> {
  await pay(t, await placeOrder(t, customer, productId, quantity, billing));
  return newestOrderId(t, staff, customer);
}
