import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { DEMO } from '../support/people';
import { hydrated } from '../support/hydration';
import { PUBLIC_ROUTES, SOCIAL_PROTECTED } from '../support/routes';

test('every public route opens its layout and title', async ({ page }) => {
  // One page load per public route of all five apps.
  test.slow();
  for (const [path, layout, title] of PUBLIC_ROUTES) {
    await page.goto(path);
    await expect(page.getByTestId(`layout-${layout}`), path).toBeVisible();
    await expect(page, path).toHaveTitle(title);
  }
});

test('unknown paths show the not-found page', async ({ page }) => {
  for (const path of ['/nope', '/taberna-nope/x', '/ai-lab-x', '/a/b/c/d']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page).toHaveTitle('Not Found | Apps Manager');
  }
  await expectAccessible(page);
});

test('the guard sends logged-out visitors to the right login page', async ({ page }) => {
  await page.goto('/taberna/dashboard');
  await expect(page).toHaveURL('/taberna/login?redirect=%2Ftaberna%2Fdashboard&message=auth');
  await expect(page.getByTestId('login-reason')).toBeVisible();
  await page.goto('/taberna/cart/checkout');
  await expect(page).toHaveURL('/taberna/login?redirect=%2Ftaberna%2Fcart%2Fcheckout&message=auth');
  for (const [path] of SOCIAL_PROTECTED) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`/social/login?${new URLSearchParams({ redirect: path, message: 'auth' }).toString()}`);
  }
});

test('logged-in routes open their layout and title', async ({ page }) => {
  await page.goto('/social/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/social/home');
  for (const [path, title] of SOCIAL_PROTECTED) {
    await page.goto(path);
    await expect(page.getByTestId('layout-mainSocial'), path).toBeVisible();
    await expect(page, path).toHaveTitle(title);
  }
});

test('on a phone the menu lives in a drawer that closes on navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/taberna');
  await hydrated(page);
  await page.getByTestId('menu-button').click();
  const drawer = page.getByTestId('mobile-drawer');
  await expect(drawer).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/taberna/login');
  await expect(drawer).toBeHidden();

  await page.goto('/ai-lab');
  // Rendered on the server (issue 12): the menu button opens the drawer once React owns the page.
  await hydrated(page);
  // Until its media query settles after hydration the shell may still hold the desktop rail's button too.
  await page.getByTestId('menu-button').filter({ visible: true }).click();
  await page.getByTestId('mobile-drawer').getByRole('link', { name: 'Voice Generator' }).click();
  await expect(page).toHaveTitle('Voice Generator | AI Lab');
  await expect(page.getByTestId('mobile-drawer')).toBeHidden();
});

test('on a wide screen the AI lab menu collapses to a rail', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/hyper3d');
  const drawer = page.getByTestId('side-drawer');
  await expect(drawer.locator('.MuiDrawer-paper')).toHaveCSS('width', '256px');
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect(drawer.locator('.MuiDrawer-paper')).toHaveCSS('width', '56px');
  await expectAccessible(page);
});

test('a slow connection sees a loading indicator before the scripts arrive, and the page replaces it', async ({ page }) => {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // A page the server does not render (a server-rendered one shows its content instead: ssr.spec.ts).
  await page.goto('/social/login', { waitUntil: 'commit' });
  const booting = page.getByRole('progressbar', { name: 'Loading the portal' });
  await expect(booting).toBeVisible();
  release();
  await expect(page.getByTestId('layout-mainSocial')).toBeVisible();
  await expect(booting).toHaveCount(0);
});
