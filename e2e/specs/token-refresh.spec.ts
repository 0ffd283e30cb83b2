import { expect, test } from '@playwright/test';
import { DEMO } from '../support/people';
import { SERVERS } from '../support/servers';

test.use({ baseURL: SERVERS.shortTokens.url });

test('an expired access token is refreshed silently and work goes on', async ({ page }) => {
  await page.goto('/social/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('nav-avatar')).toBeVisible();
  const firstAccess = await page.evaluate(() => localStorage.getItem('access'));

  // This portal's access tokens last two seconds: wait until the server refuses this one.
  await expect
    .poll(
      async () =>
        (await page.request.get('/api/social-profiles/me/', { headers: { authorization: `Bearer ${firstAccess}` } })).status(),
      { message: 'the access token runs out' },
    )
    .toBe(401);
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/token/refresh/') && response.status() === 200,
  );
  const me = page.waitForResponse((response) => response.url().endsWith('/api/social-profiles/me/') && response.status() === 200);
  await page.reload();
  await refreshed;
  await me;
  await expect(page.getByTestId('nav-avatar')).toBeVisible();
  const secondAccess = await page.evaluate(() => localStorage.getItem('access'));
  expect(secondAccess).not.toBe(firstAccess);
  expect(await page.evaluate(() => localStorage.getItem('refresh'))).toBeTruthy();
});
