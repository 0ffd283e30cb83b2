import { expect, test } from '@playwright/test';
import { SERVERS } from '../support/servers';

// Issue 14.6: a portal without PUBLIC_URL, opened at http://127.0.0.1:<port>, hands out links to
// that address: its pictures load and nothing trips the content security policy.
test('opened at 127.0.0.1 without PUBLIC_URL, the landing page’s pictures load from there', async ({ page }) => {
  const origin = SERVERS.shortTokens.url.replace('localhost', '127.0.0.1');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${origin}/`);
  const pictures = page.getByTestId('project-card').locator('img');
  await expect(pictures.first()).toBeVisible();
  const sources = await pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(sources.length).toBeGreaterThan(0);
  for (const source of sources) expect(source.startsWith(`${origin}/static/media/`), source).toBe(true);
  await expect
    .poll(() => pictures.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  expect(violations).toEqual([]);
});
