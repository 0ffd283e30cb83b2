import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The demo owner the seed adds (issue 15): staff and owner. */
export const STAFF = { email: 'staff@example.com', password: 'portal-demo-2026' };

/** Every back-office page, with its heading, for axe and the access checks. */
export const BACKOFFICE_PAGES = [
  ['/backoffice', 'Overview'],
  ['/backoffice/categories', 'Categories'],
  ['/backoffice/products', 'Products'],
  ['/backoffice/products/new', 'New product'],
  ['/backoffice/stock', 'Stock'],
  ['/backoffice/orders', 'Orders'],
  ['/backoffice/customers', 'Customers'],
  ['/backoffice/discounts', 'Discounts'],
  ['/backoffice/shipping', 'Shipping'],
  ['/backoffice/tax-rates', 'Tax rates'],
  ['/backoffice/moderation', 'Moderation'],
  ['/backoffice/accounts', 'Accounts'],
  ['/backoffice/audit', 'Audit log'],
] as const;

export interface Tokens {
  access: string;
  refresh: string;
}

/** Logs in through the API (the social login needs no app profile). */
export async function tokensOf(request: APIRequestContext, person: { email: string; password: string }): Promise<Tokens> {
  const answer = await request.post('/api/v1/token/', { data: { email: person.email, password: person.password } });
  expect(answer.status(), `login of ${person.email}`).toBe(200);
  return (await answer.json()) as Tokens;
}

export const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access}` });

/**
 * Logs a browser context in as the web app would after a login (the tokens put where it keeps them),
 * on the context's first page load only: a logout or a suspension must not be undone by the next
 * navigation. For tests whose point is not the login page.
 */
export async function seedLogin(context: BrowserContext, tokens: Tokens, theme: 'light' | 'dark' | null = null) {
  await context.addInitScript(
    ({ access, refresh, theme }) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('access', access);
      localStorage.setItem('refresh', refresh);
      localStorage.setItem('active_app', 'social');
      if (theme) localStorage.setItem('theme', theme);
    },
    { ...tokens, theme },
  );
}

/**
 * A browser of its own, already logged in (the tokens put where the web app keeps them), for tests
 * whose point is not the login page.
 */
export async function loggedInPage(
  browser: Browser,
  request: APIRequestContext,
  person: { email: string; password: string },
  options: { viewport?: { width: number; height: number }; theme?: 'light' | 'dark' } = {},
): Promise<{ page: Page; tokens: Tokens; close(): Promise<void> }> {
  const tokens = await tokensOf(request, person);
  const context = await browser.newContext(options.viewport ? { viewport: options.viewport } : {});
  await seedLogin(context, tokens, options.theme ?? null);
  const page = await context.newPage();
  return { page, tokens, close: () => context.close() };
}

/** Suspends the account of `email` through the back-office API, as staff (`tokens`) would. */
export async function suspendAccount(request: APIRequestContext, tokens: Tokens, email: string, reason: string): Promise<void> {
  const accounts = await request.get(`/api/backoffice/accounts/?search=${encodeURIComponent(email)}`, {
    headers: bearer(tokens),
  });
  const { results } = (await accounts.json()) as { results: { id: number }[] };
  const suspended = await request.post(`/api/backoffice/accounts/${results[0]!.id}/suspend/`, {
    headers: bearer(tokens),
    data: { reason },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);
}

/** The shop's billing form as JSON, for orders placed through the API. */
export const billing = (person: { first: string; last: string; email: string }) => ({
  first_name: person.first,
  last_name: person.last,
  email: person.email,
  phone: '+351 912345678',
  address_line_1: '1 Harbour Street',
  city: 'Lisbon',
  state: 'Lisbon',
  country: 'Portugal',
});

/**
 * A paid order through the API (cart, order, test card): for tests whose point is what staff do with
 * it. Answers the order number.
 */
export async function paidOrderOf(
  request: APIRequestContext,
  person: { first: string; last: string; email: string; password: string },
  productId: number,
  quantity: number,
  choice: { color?: string; size?: string } = {},
): Promise<string> {
  const login = await request.post('/taberna-profiles/api/v1/token/', {
    data: { email: person.email, password: person.password },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as Tokens).access}` };
  for (let i = 0; i < quantity; i += 1) {
    const added = await request.post(`/taberna-cart/api/add-to-cart/${productId}/`, { headers, data: choice });
    expect(added.status(), await added.text()).toBe(200);
  }
  const placed = await request.post('/taberna-orders/api/v1/place_order_stripe_session/', { headers, data: billing(person) });
  expect(placed.status(), await placed.text()).toBe(200);
  const sessionId = /tcs_[A-Za-z0-9_-]+/.exec(((await placed.json()) as { checkout_url: string }).checkout_url)![0];
  const paid = await request.post(`/taberna-orders/test-checkout/api/${sessionId}/pay/`, {
    data: { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Marta Quinn' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  // Called with a new customer: their one order is this one.
  const orders = await request.get('/taberna-profiles/api/v1/orders/', { headers });
  const list = (await orders.json()) as { order_number: string }[];
  expect(list).toHaveLength(1);
  return list[0]!.order_number;
}
