import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { loggedInPage, STAFF } from '../support/backoffice';
import { activatedPerson } from '../support/social';

// Pages with the app's chunks on a shared, busy machine (as the back-office specs configure it).
const expect = baseExpect.configure({ timeout: 20_000 });

// Issue 26: a member downloads their data and deletes their account; the newcomer's polish around it.
test('a member downloads their data and deletes their account from the social settings, in both themes', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const person = await activatedPerson(request);
  const { page, close } = await loggedInPage(browser, request, person);
  await page.goto('/social/settings/data');
  await expect(page.getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByTestId('download-data').click();
  expect((await download).suggestedFilename()).toMatch(/^portal-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.getByTestId('theme-toggle').click();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
  await page.getByTestId('delete-account').click();
  await page.getByLabel('Your password').fill('not-my-password-1');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('That is not the password of this account.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Your password').fill(person.password);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL('/social/home');
  const login = await request.post('/api/v1/token/', { data: { email: person.email, password: person.password } });
  expect(login.status()).toBe(401);
  await close();
});

test('staff log in on the back office’s page; unknown paths are 404; the system’s dark theme shows without a flash', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  // Before any script: the first paint is dark already (boot.css), as the app will be.
  await page.goto('/backoffice/orders');
  await expect(page).toHaveURL(/\/backoffice\/login\?redirect=%2Fbackoffice%2Forders/);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(18, 20, 23)');
  await expect(page.getByRole('heading', { name: 'Log in to the back office' })).toBeVisible();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
  await expectAccessible(page);
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/backoffice/orders');
  // (The orders grid's own axe check is backoffice-shop.spec.ts's.)
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();

  const missing = await request.get('/no-such-page-here', { headers: { accept: 'text/html' } });
  expect(missing.status()).toBe(404);
  await page.goto('/no-such-page-here');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expectAccessible(page);
  await context.close();
});
