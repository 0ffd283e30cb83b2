import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { hydrated } from '../support/hydration';

// Issue 16.5: the portal-wide search, on the apps manager's search page and as a Ctrl+K palette in
// every app, finds apps, products, people and posts, grouped, and is driven from the keyboard.

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} width`, () => {
    const phone = viewport.width < 600;
    // A phone has a touch screen (and no Ctrl+K): the button is tapped there.
    test.use({ viewport: { width: viewport.width, height: viewport.height }, hasTouch: phone });

    // At desktop width only: a phone has no Ctrl+K; the palette at phone width, opened with a tap, is
    // the next test's (axe included), and the keyboard's way through it does not depend on the width.
    if (!phone)
      test('Ctrl+K opens the palette in every app; a typo still finds; arrows and Enter open a result', async ({ page }) => {
        for (const path of ['/', '/taberna', '/social/home', '/ai-lab', '/hyper3d/local-model']) {
          await page.goto(path);
          await expect(page.locator('main')).toBeVisible();
          await hydrated(page);
          await page.keyboard.press('Control+K');
          const palette = page.getByRole('dialog', { name: 'Portal search' });
          await expect(palette, path).toBeVisible();
          await expect(palette.getByRole('combobox', { name: 'Search the portal' })).toBeFocused();
          await page.keyboard.press('Escape');
          await expect(palette, path).toBeHidden();
        }

        await page.goto('/');
        // The shortcut works once the app's layout is on screen (as in the loop above): a key pressed
        // while the page still loads has no listener yet.
        await expect(page.locator('main')).toBeVisible();
        await hydrated(page);
        await page.keyboard.press('Control+K');
        await expect(page.getByRole('dialog', { name: 'Portal search' })).toBeVisible();
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

    test('the search button in the top bar opens the palette in every app; a tap on a result opens it', async ({ page }) => {
      test.setTimeout(120_000);
      const press = async (target: Locator) => (phone ? target.tap() : target.click());
      const palette = page.getByRole('dialog', { name: 'Portal search' });
      for (const path of ['/', '/taberna', '/social/home', '/ai-lab', '/hyper3d/local-model']) {
        await page.goto(path);
        await hydrated(page);
        const button = page.getByRole('banner').getByRole('button', { name: 'Open the portal search' });
        await press(button);
        await expect(palette, path).toBeVisible();
        await expect(palette.getByRole('combobox', { name: 'Search the portal' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(palette, path).toBeHidden();
        await expect(button, 'the focus goes back to the button').toBeFocused();
      }

      await page.goto('/taberna');
      await hydrated(page);
      await press(page.getByRole('button', { name: 'Open the portal search' }));
      await palette.getByRole('combobox', { name: 'Search the portal' }).fill('Lindqvst');
      const greta = palette.getByRole('group', { name: 'People' }).getByRole('option', { name: /Greta Lindqvist/ });
      await expect(greta).toBeVisible();
      await expectAccessible(page);
      await press(greta);
      await expect(page).toHaveURL(/\/social\/profile\/greta-/);
      await expect(palette).toBeHidden();
    });

    test('the apps manager search page groups apps, products, people and posts', async ({ page }) => {
      await page.goto('/apps_manager/search?query=shop');
      await expect(page.getByTestId('project-card').first()).toBeVisible();
      await page.goto('/apps_manager/search?query=organc');
      await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Products' }).getByRole('heading')).toContainText(['Organic Cotton T-Shirt']);
      await expectAccessible(page);

      // People and posts, each typo-tolerant, in their own groups.
      await page.goto('/apps_manager/search?query=Lindqvst');
      await expect(page.getByRole('heading', { level: 2, name: 'People' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'People' }).getByRole('heading')).toContainText(['Greta Lindqvist']);
      await page.goto('/apps_manager/search?query=sourdogh');
      await expect(page.getByRole('heading', { level: 2, name: 'Posts' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first()).toContainText(
        'Trying a new sourdough recipe',
      );
      await expectAccessible(page);
      await page.getByRole('list', { name: 'Posts' }).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/social\//);
    });
  });
}
