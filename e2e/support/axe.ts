import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
