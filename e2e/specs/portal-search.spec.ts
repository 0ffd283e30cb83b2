import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';

// Issue 16.5: the portal-wide search, on the apps manager's search page and as a Ctrl+K palette in
// every app, finds apps, products, people and posts, grouped, and is driven from the keyboard.

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('Ctrl+K opens the palette in every app; a typo still finds; arrows and Enter open a result', async ({ page }) => {
      for (const path of ['/', '/taberna', '/social/home', '/ai-lab', '/hyper3d/local-model']) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await page.keyboard.press('Control+K');
        const palette = page.getByRole('dialog', { name: 'Portal search' });
        await expect(palette, path).toBeVisible();
        await expect(palette.getByRole('combobox', { name: 'Search the portal' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(palette, path).toBeHidden();
      }

      await page.goto('/');
      await page.keyboard.press('Control+K');
      const box = page.getByRole('combobox', { name: 'Search the portal' });
      await box.fill('alise');
      const people = page.getByRole('group', { name: 'People' });
      await expect(people.getByRole('option').first()).toContainText('Alice Martin');
      await expectAccessible(page);

      // The first option is active; Down moves through the groups in order, Enter opens it.
      const options = page.getByTestId('palette-option');
      await expect(options.first()).toHaveAttribute('aria-selected', 'true');
      const alice = people.getByRole('option').filter({ hasText: 'Alice Martin' });
      const aliceIndex = await options.evaluateAll(
        (all, wanted) => all.findIndex((option) => option.textContent?.includes(wanted)),
        'Alice Martin',
      );
      for (let n = 0; n < aliceIndex; n += 1) await box.press('ArrowDown');
      await expect(alice).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await alice.getAttribute('id'))!);
      await box.press('Enter');
      await expect(page).toHaveURL('/social/profile/alice-martin');
      await expect(page.getByRole('dialog', { name: 'Portal search' })).toBeHidden();
    });

    test('the apps manager search page groups apps, products, people and posts', async ({ page }) => {
      await page.goto('/apps_manager/search?query=shop');
      await expect(page.getByTestId('project-card').first()).toBeVisible();
      await page.goto('/apps_manager/search?query=organc');
      await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
