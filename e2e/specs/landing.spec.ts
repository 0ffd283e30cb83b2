import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { hydrated } from '../support/hydration';

test('the landing page lists the portal apps from the server', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Apps Manager');
  const cards = page.getByTestId('project-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading')).toHaveText([
    'Taberna E-com',
    'Social Network',
    'AI Lab',
    'Hyper 3D (Work In Progress)',
  ]);
  for (const image of await cards.locator('img').all()) {
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  }
  await expect(page.getByTestId('link-cv')).toHaveAttribute('href', 'https://cv.example.com/portal-team');
  await expect(page.getByTestId('link-source-code')).toHaveAttribute('href', 'https://git.example.com/portal');
  await expect(page.getByTestId('link-professional-network')).toHaveAttribute('href', 'https://people.example.com/portal-team');
  await expect(page.getByTestId('footer-vue-apps')).toHaveAttribute('href', '/');
  await expectAccessible(page);

  await cards.first().getByRole('link', { name: 'Open Taberna E-com' }).click();
  await expect(page).toHaveURL('/taberna');
  await expect(page.getByTestId('layout-mainTaberna')).toBeVisible();
});

test('the search form finds apps, and says when nothing matches', async ({ page }) => {
  await page.goto('/');
  // Server-rendered (issue 12): what is typed before React owns the form is lost.
  await hydrated(page);
  const search = page.getByRole('searchbox').or(page.getByLabel('Search the portal'));
  await search.fill('chat');
  await search.press('Enter');
  await expect(page).toHaveURL('/apps_manager/search?query=chat');
  await expect(page).toHaveTitle('Search | Apps Manager');
  await expect(page.getByTestId('project-card').getByRole('heading')).toHaveText(['Social Network', 'AI Lab']);
  await expectAccessible(page);

  await page.goto('/apps_manager/search?query=zzzz-nothing');
  await expect(page.getByText('Nothing was found')).toBeVisible();
});

test('the theme toggle switches to dark and is remembered', async ({ page }) => {
  await page.goto('/');
  // The server's HTML shows the toggle before the scripts have run: it works once React has hydrated the page.
  await hydrated(page);
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-theme-mode', 'light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-mode', 'dark');
  // The page's colours follow in a render of their own (the toggle's attribute can come first).
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBackground);
  await page.reload();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
  await page.goto('/taberna');
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
  await expectAccessible(page);
});

test('a visitor whose system asks for less motion gets none; others keep the transitions', async ({ browser }) => {
  for (const [reducedMotion, still] of [
    ['reduce', true],
    ['no-preference', false],
  ] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await page.goto('/');
    await hydrated(page);
    // The theme toggle's hover colour fades in (MUI's 150 ms), unless motion is to be reduced.
    const durations = await page.getByTestId('theme-toggle').evaluate((button) => getComputedStyle(button).transitionDuration);
    const longest = Math.max(...durations.split(',').map((duration) => parseFloat(duration)));
    if (still) expect(longest, reducedMotion).toBeLessThan(0.001);
    else expect(longest, reducedMotion).toBeGreaterThanOrEqual(0.1);
    await context.close();
  }
});
