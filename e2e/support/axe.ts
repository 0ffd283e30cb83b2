import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { hydrated } from './hydration';

/**
 * No serious or critical accessibility violations on the page as it is now; with `include` (a CSS
 * selector), in that part of it only (a dialog, a form), which takes a fraction of the time.
 */
export async function expectAccessible(page: Page, include?: string) {
  // Colours measured mid-transition (a menu fading out, a tooltip fading in) are not the page's:
  // wait for finite animations to end first (spinners and skeletons run forever and are left alone).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''} ${node.html}`).join(', ')})`,
    );
  expect(blocking, `axe on ${page.url()}`).toEqual([]);
}

/** The relative luminance (WCAG) of a CSS `rgb()`/`rgba()` colour; a transparent one counts as white. */
function luminance(css: string): number {
  const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  if (r === undefined || g === undefined || b === undefined || a === 0) return 1;
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The page really shows that theme (a check must not pass by silently measuring the other one). */
export async function expectTheme(page: Page, mode: 'light' | 'dark') {
  const body = expect.poll(async () => luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)), {
    message: `${mode} body on ${page.url()}`,
  });
  if (mode === 'dark') await body.toBeLessThan(0.05);
  else await body.toBeGreaterThan(0.5);
}

/**
 * axe in the light and the dark theme, one page load: the page in the light theme, then with the
 * operating system asking for dark (the portal follows it live while the person has not chosen with
 * the toggle), then light again. For a page reached at the end of a flow, where loading it twice
 * would repeat the flow.
 */
export async function expectAccessibleInBothThemes(page: Page, include?: string) {
  await hydrated(page);
  for (const mode of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: mode });
    await expectTheme(page, mode);
    await expectAccessible(page, include);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expectTheme(page, 'light');
}
