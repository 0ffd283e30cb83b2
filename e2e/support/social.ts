import { expect, type APIRequestContext, type Browser, type Page, type WebSocket } from '@playwright/test';
import { bearer, loggedInPage, seedLogin, tokensOf, type Tokens } from './backoffice';
import { activatedAccount, type newPerson } from './people';

export type Person = ReturnType<typeof newPerson>;

/** A small real PNG (a blue sky, a sun and a hill) to upload. */
export const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAMAAADS6oI8AAABMlBMVEUqb9sufTQqb9r0zlT1zlP80k9BessufTL/00390k4sdobexGJrjrDew2PBtnfzzVWGmp4rc6crcb0qb9MtfTQue0oqccOEmZ+DmZ8rb9kqb9kte1AteWYufDosd3wue0UqcNRCessrcrNtjq4seHctfEAtelYrdKNBecwufTb2z1MsdZnEt3UteWIrcrouekwqcNDDtnUrcq8tfTwseHMte0cqcNYrdJ8rc6oqccArcMsteG4ufDcue0IrccYsdY8rb9Etel4ufD0telMqb9c/ec4rdZAteWoufTOFmp4rcrcrcM0sdJYqb9hDe8oteloufDkqccg8d89ni7KDmaDhxWGurYOCmKFAes2srITCt3ZqjbDfxWOrrIWjqIppjbGHm564snyxroGqq4apq4ZFe8paC/ExAAAACXBIWXMAAAsTAAALEwEAmpwYAAABrUlEQVR42u2W11bCUBBFKYFJQrWCDcWGIvZesaIo9t77//+CLEUhYTLkJpMH12I/w9lwubBxuerUqWOfo3wmkE4HMrGkI/ND7z65hPL6yb/fJ8kVeIPc+y+KrEGJMr9+3X7RwPoe/JJchfeGUXAlIzwy3k8fJvD52QRRGSXOJpjEBWE2wSUuCLAJJFwgOS2IsAkecEHo/3zIMVxwzSZIOv1Fc91igg/O2HiRO7TD+XN6XnVIyj1vEKL64OS5kxbUnFLkWfT52VytR5w9laP/Jnz+KffefO2uxe9CkhQKX4jfz94VgOEp5/5RLW5CkelGp/aXZuGb7lNn9pu2oETHuhP7h6Pwx8Y2/75nBipY9rALVNCgcu+PgI4C7/6CWy9obuDcH+uCKk72+fbXVgFhoJVrf2IcUFoOePbnjsGAwR6O/fZdMKSzjUGQAIJ++/tZIMnZ3U+5aYGJ/tQsDI29/vwUhsZOf34LQ2O9P+XC0FjtT2VhaKz1R1sYGkv9UUEAlaEwNAX7haER7Q9WGBqx/uCFoRHpj1FhaMz3x7gwNGb7QxWGxmR/EmAZU/35AgRrSHjyFil0AAAAAElFTkSuQmCC',
  'base64',
);

/** A new person with an activated social account, made through the API as sign-up would. */
export const activatedPerson = (request: APIRequestContext): Promise<Person> =>
  activatedAccount(request, '/api/social-profiles/register/');

/** Logs in through the page; answers the person's profile slug. */
export async function logIn(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/social/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/social/home');
  await expect(page.getByTestId('nav-avatar')).toBeVisible();
  return (await page.evaluate(() => localStorage.getItem('user.slug')))!;
}

/** A browser of its own for one person, logged in through the login page (at the given window size, else the default). */
export async function sessionOf(
  browser: Browser,
  person: { email: string; password: string },
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const slug = await logIn(page, person.email, person.password);
  return { context, page, slug };
}

/** The person's profile slug, asked of the API with their tokens. */
export async function slugOf(request: APIRequestContext, tokens: Tokens): Promise<string> {
  const me = await request.get('/api/social-profiles/me/', { headers: bearer(tokens) });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { slug: string }).slug;
}

/**
 * As `sessionOf`, logged in with tokens from the API instead of through the login form, for tests
 * whose point is not the login: the page opens the feed, as after logging in (the first page of a
 * new browser loads all the app's code, best done before the test's own steps).
 */
export async function signedInSession(
  browser: Browser,
  request: APIRequestContext,
  person: { email: string; password: string },
  viewport?: { width: number; height: number },
) {
  const { page, tokens } = await loggedInPage(browser, request, person, viewport ? { viewport } : {});
  await page.goto('/social/home');
  // Bounded by the test's time, as the login form's first field was: a fresh browser's first page is
  // the slowest step of a session on a busy machine.
  await page.getByTestId('nav-avatar').waitFor();
  return { context: page.context(), page, slug: await slugOf(request, tokens) };
}

/** Logs the page's browser in with tokens from the API, from its next page load on; answers the profile slug. */
export async function signIn(page: Page, request: APIRequestContext, person: { email: string; password: string }) {
  const tokens = await tokensOf(request, person);
  await seedLogin(page.context(), tokens);
  return slugOf(request, tokens);
}

/** Writes a post from the home page; answers its id. */
export async function writePost(page: Page, body: string, options: { picture?: boolean; private?: boolean } = {}) {
  await page.goto('/social/home');
  await page.getByTestId('post-body-input').fill(body);
  if (options.picture) {
    await page.getByTestId('image-input').setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: PICTURE });
    await expect(page.getByTestId('image-previews').getByRole('img')).toHaveCount(1);
  }
  if (options.private) await page.getByTestId('post-private').click();
  await page.getByTestId('post-submit').click();
  const card = page.getByTestId('post-card').filter({ hasText: body }).first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId('post-body-input')).toHaveValue('');
  return (await card.getAttribute('data-post-id'))!;
}

/**
 * The unread count the top bar shows: "Notifications (N)" as a text button on desktop, an icon with a
 * badge named so on a phone.
 */
export async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId('nav-notifications');
  const name = (await badge.getAttribute('aria-label')) ?? (await badge.textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1]);
}

/**
 * Resolves once the page's notification socket is listening (its `{"ready": true}` frame): from then
 * on a new notification reaches the badge live. Call before the navigation that opens the socket.
 */
export function notificationsLive(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (socket: WebSocket) => {
      if (!socket.url().includes('/ws/notification/')) return;
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('"ready":true')) return;
        page.off('websocket', onSocket);
        resolve();
      });
    };
    page.on('websocket', onSocket);
  });
}
