import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { activatedAccount, register } from '../support/people';
import { writePost } from '../support/social';
import { newShopCustomer } from '../support/taberna';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`one sign-in for the portal (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const phone = viewport.width < 960;

    /** The top bar's Logout, which lives in the drawer on a phone. */
    async function logoutItem(page: Page) {
      if (!phone) return page.getByTestId('nav-logout');
      await page.getByTestId('menu-button').click();
      return page.getByTestId('mobile-drawer').getByRole('button', { name: 'Logout' });
    }

    async function expectLoggedIn(page: Page, loggedIn: boolean) {
      const item = await logoutItem(page);
      if (loggedIn) await expect(item).toBeVisible();
      else await expect(item).toBeHidden();
      if (phone) await page.keyboard.press('Escape');
      expect(await page.evaluate(() => localStorage.getItem('access') !== null)).toBe(loggedIn);
    }

    test('log in to the shop, post in the social network, back to the shop: one login; logout ends both', async ({
      page,
      request,
    }) => {
      const person = await activatedAccount(request, '/api/social-profiles/register/');
      const shop = await register(request, '/taberna-profiles/api/register/', person);
      expect(await shop.json()).toEqual({ detail: 'taberna_profile_created' });

      await page.goto('/taberna/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL('/taberna');
      await expectLoggedIn(page, true);

      await page.goto('/social/home');
      await expect(page.getByTestId('nav-avatar')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('active_app'))).toBe('social');
      const body = `Posted after logging in to the shop ${Date.now()}`;
      await writePost(page, body);

      await page.goto('/taberna');
      await expectLoggedIn(page, true);
      expect(await page.evaluate(() => localStorage.getItem('active_app'))).toBe('taberna');
      await page.goto('/social/home');
      await expect(page.getByTestId('nav-avatar')).toBeVisible();
      await expect(page.getByTestId('post-card').filter({ hasText: body })).toBeVisible();

      // Log out in the social network: the shop is logged out too, and the session is over on the server.
      const refresh = await page.evaluate(() => localStorage.getItem('refresh'));
      await (await logoutItem(page)).click();
      await expect(page).toHaveURL('/social/login');
      await page.goto('/taberna/dashboard');
      await expect(page).toHaveURL(/\/taberna\/login\?redirect=/);
      await expectLoggedIn(page, false);
      await expect.poll(async () => (await request.post('/api/v1/token/refresh/', { data: { refresh } })).status()).toBe(401);

      // And the other way round: log in to the social network, log out in the shop.
      await page.goto('/social/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('nav-avatar')).toBeVisible();
      await page.goto('/taberna/dashboard');
      await expect(page).toHaveURL('/taberna/dashboard');
      await (await logoutItem(page)).click();
      await expect(page).toHaveURL('/taberna/login');
      await page.goto('/social/chat');
      await expect(page).toHaveURL('/social/login?redirect=%2Fsocial%2Fchat&message=auth');
      await expect(page.getByTestId('nav-avatar')).toHaveCount(0);
    });

    test('a shop-only account joins the social network in one step', async ({ page, request }) => {
      const person = await newShopCustomer(request);
      await page.goto('/taberna/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByTestId('login-submit').click();
      await expect(page).toHaveURL('/taberna');

      await page.goto('/social/home');
      const join = page.getByTestId('join-app');
      await expect(join.getByRole('heading', { name: `Join Social Network as ${person.first} ${person.last}` })).toBeVisible();
      await expect(page.getByText('Profile does not exist for this user')).toHaveCount(0);
      await expect(page).toHaveTitle('Home | Social Network');
      await expectAccessible(page);

      await join.getByLabel('Password', { exact: true }).fill('not-the-password');
      await join.getByTestId('join-submit').click();
      await expect(join.getByText('That is not the password of this account.')).toBeVisible();

      await join.getByLabel('Password', { exact: true }).fill(person.password);
      await join.getByTestId('join-submit').click();
      await expect(page.getByTestId('nav-avatar')).toBeVisible();
      await expect(join).toHaveCount(0);
      await writePost(page, `My first post ${Date.now()}`);

      // Still the same login in the shop.
      await page.goto('/taberna/dashboard');
      await expect(page).toHaveURL('/taberna/dashboard');
    });

    // At desktop width only: the join card is the one the shop-only account's test checks at both widths.
    if (!phone)
      test('a social-only account logging in to the shop joins it in one step', async ({ page, request }) => {
        const person = await activatedAccount(request, '/api/social-profiles/register/');
        await page.goto('/taberna/login');
        await page.getByLabel('Email').fill(person.email);
        await page.getByLabel('Password', { exact: true }).fill(person.password);
        await page.getByTestId('login-submit').click();
        const join = page.getByTestId('join-app');
        await expect(join.getByRole('heading', { name: `Join Taberna as ${person.first} ${person.last}` })).toBeVisible();
        await expectAccessible(page);
        await join.getByLabel('Password', { exact: true }).fill(person.password);
        await join.getByTestId('join-submit').click();
        await expect(join).toHaveCount(0);
        await page.goto('/taberna/dashboard');
        await expect(page).toHaveURL('/taberna/dashboard');
      });
  });
}
