import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BILLING } from './taberna.js';
import { newPerson } from './test-app.js';

/** What the server acknowledged (a 2xx answer with its body), and what was only attempted. */
export interface Ledger {
  signups: string[];
  posts: { id: string; body: string }[];
  messages: string[];
  /** Per shopper: add-to-cart requests acknowledged and sent. */
  carts: Map<string, { acked: number; attempted: number }>;
  placed: string[];
  paid: string[];
  /** Order numbers of orders placed and charged at once (the charge flow). */
  charged: string[];
  requests: number;
  /** Requests that got no answer (the server was down or died under them). */
  unanswered: number;
}

export const newLedger = (): Ledger => ({
  signups: [],
  posts: [],
  messages: [],
  carts: new Map(),
  placed: [],
  paid: [],
  charged: [],
  requests: 0,
  unanswered: 0,
});

export const acknowledged = (ledger: Ledger) =>
  ledger.signups.length +
  ledger.posts.length +
  ledger.messages.length +
  [...ledger.carts.values()].reduce((sum, cart) => sum + cart.acked, 0) +
  ledger.placed.length +
  ledger.paid.length +
  ledger.charged.length;

const parsed = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client of the portal at a fixed address that may be down at any moment. */
export function client(origin: string, ledger: Ledger) {
  return async function call(method: string, url: string, options: { token?: string; json?: unknown; form?: FormData } = {}) {
    ledger.requests += 1;
    try {
      const response = await fetch(origin + url, {
        method,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return { status: response.status, body: parsed(text) };
    } catch {
      ledger.unanswered += 1;
      await sleep(200);
      return { status: 0, body: {} };
    }
  };
}
type Call = ReturnType<typeof client>;

/** The activation link mailed to `email`, read from DATA_DIR/outbox (quoted-printable undone). */
export async function activationPath(dataDir: string, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const folder = path.join(dataDir, 'outbox');
    const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
    for (const name of names) {
      const raw = (await fs.readFile(path.join(folder, name), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!raw.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/[^/\s]+(\/[^\s"<>]*\/activate\/[^\s"<>]+)/.exec(raw);
      if (link) return link[1]!;
    }
    await sleep(100);
  }
  throw new Error(`no activation email for ${email}`);
}

/** A signed-up, activated and logged-in person (social or shop), while the server is up. */
export async function person(call: Call, dataDir: string, app: 'social' | 'taberna') {
  const who = newPerson();
  const register = app === 'social' ? '/api/social-profiles/register/' : '/taberna-profiles/api/register/';
  const created = await call('POST', register, { json: who });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
  await call('GET', await activationPath(dataDir, who.email));
  const login = app === 'social' ? '/api/v1/token/' : '/taberna-profiles/api/v1/token/';
  const tokens = await call('POST', login, { json: { email: who.email, password: who.password } });
  if (tokens.status !== 200) throw new Error(`login failed: ${tokens.status}`);
  const access = String(tokens.body.access);
  const me = app === 'social' ? await call('GET', '/api/social-profiles/me/', { token: access }) : undefined;
  return { ...who, access, slug: String(me?.body.slug ?? '') };
}
export type LoadPerson = Awaited<ReturnType<typeof person>>;

const unique = (what: string) => `${what} ${randomBytes(6).toString('hex')}`;

/**
 * The write load: each function is one step of a worker, run again and again until the run
 * stops. Whatever the server answered 2xx goes into the ledger.
 */
export function workload(call: Call, ledger: Ledger) {
  return {
    async signUp() {
      const who = newPerson();
      const answer = await call('POST', '/api/social-profiles/register/', { json: who });
      if (answer.status === 201) ledger.signups.push(who.email.toLowerCase());
    },
    async post(author: LoadPerson) {
      const body = unique('crash-safety post');
      const form = new FormData();
      form.append('body', body);
      form.append('is_private', 'false');
      const answer = await call('POST', '/api/social-posts/create/', { token: author.access, form });
      if (answer.status === 200) ledger.posts.push({ id: String(answer.body.id), body });
    },
    async chat(sender: LoadPerson, conversationId: string) {
      const answer = await call('POST', `/api/social-chat/${conversationId}/send/`, {
        token: sender.access,
        json: { body: unique('crash-safety message') },
      });
      if (answer.status === 200) ledger.messages.push(String(answer.body.id));
    },
    /** One round of shopping: one or two items in the cart, then an order paid on the test checkout's page, or charged at once. */
    async shop(shopper: LoadPerson, productId: number) {
      const cart = ledger.carts.get(shopper.email) ?? { acked: 0, attempted: 0 };
      ledger.carts.set(shopper.email, cart);
      for (let i = 0; i < 1 + Math.floor(Math.random() * 2); i += 1) {
        cart.attempted += 1;
        const added = await call('POST', `/taberna-cart/api/add-to-cart/${productId}/`, { token: shopper.access, json: {} });
        if (added.status === 200) cart.acked += 1;
      }
      if (Math.random() < 0.3) {
        const charged = await call('POST', '/taberna-orders/api/v1/place_order_stripe_charge/', {
          token: shopper.access,
          json: { ...BILLING, stripe_token: 'tok_visa' },
        });
        const order = charged.body.order as { order_number?: string } | undefined;
        if (charged.status === 201 && order?.order_number) ledger.charged.push(order.order_number);
        return;
      }
      const placed = await call('POST', '/taberna-orders/api/v1/place_order_stripe_session/', {
        token: shopper.access,
        json: BILLING,
      });
      if (placed.status !== 200) return;
      const session = String(placed.body.checkout_url).split('/').at(-1)!;
      ledger.placed.push(session);
      const paid = await call('POST', `/taberna-orders/test-checkout/api/${session}/pay/`, {
        json: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Crash Tester' },
      });
      if (paid.status === 200 && paid.body.outcome === 'paid') ledger.paid.push(session);
    },
  };
}

/** Runs a step again and again until `running()` turns false. */
export async function repeat(running: () => boolean, step: () => Promise<void>) {
  while (running()) await step();
}
