import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectAccessibleInBothThemes } from '../support/axe';
import { activatedPerson, sessionOf } from '../support/social';

const GLB = path.join(import.meta.dirname, '..', 'fixtures', 'hyper3d', 'animated-box.glb');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const row = (page: Page, name: string) =>
  page.getByRole('treeitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
const outlineNames = (page: Page) =>
  page
    .getByRole('tree', { name: 'Scene outline' })
    .getByRole('treeitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')!.split(',')[0]));

async function openEditor(page: Page) {
  await page.goto('/hyper3d/editor');
  await expect(page.getByTestId('editor-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
}

async function pick(page: Page, menu: string, item: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** The nodes a binary glTF holds, read from its JSON chunk. */
function glbNodes(bytes: Buffer): string[] {
  const json = JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8')) as { nodes?: { name?: string }[] };
  return (json.nodes ?? []).map((node) => node.name ?? '');
}

for (const [width, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)['desktop']][]) {
  test(`the editor at ${width} width: a scene built, undone and redone, saved, opened elsewhere, shared and exported`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(900_000);
    const person = await activatedPerson(request);
    const { context, page } = await sessionOf(browser, person, viewport);
    await openEditor(page);
    const starter = await outlineNames(page);

    // Two figures, a point light and an imported GLB.
    await pick(page, 'Add figure', 'Sphere');
    await pick(page, 'Add figure', 'Torus knot');
    await pick(page, 'Add light', 'Point light');
    await page.getByTestId('import-model-input').setInputFiles(GLB);
    await expect(row(page, 'animated-box.glb')).toBeVisible({ timeout: 30_000 });
    const built = [...starter, 'Sphere', 'Torus knot', 'Point light', 'animated-box.glb'];
    expect(await outlineNames(page)).toEqual(built);

    // Undo and redo three steps: the keys on a desktop, the buttons on a phone.
    const step = async (how: 'Undo' | 'Redo') => {
      if (width === 'desktop') await page.locator('body').press(how === 'Undo' ? 'Control+z' : 'Control+Shift+z');
      else
        await page
          .getByTestId('history-buttons')
          .getByRole('button', { name: new RegExp(`^${how}`) })
          .click();
    };
    for (let i = 0; i < 3; i++) await step('Undo');
    await expect.poll(() => outlineNames(page)).toEqual([...starter, 'Sphere']);
    await expect(page.getByRole('button', { name: 'Redo Add Torus knot' })).toBeEnabled();
    for (let i = 0; i < 3; i++) await step('Redo');
    await expect.poll(() => outlineNames(page)).toEqual(built);

    // The outline is a tree: arrows move the selection, Alt+Right hangs an object under the one above it.
    await row(page, 'Sphere').click();
    await expect(row(page, 'Sphere')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(row(page, 'Torus knot')).toBeFocused();
    await expect(row(page, 'Torus knot')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Torus knot' })).toBeVisible();
    await page.keyboard.press('Alt+ArrowRight');
    await expect(row(page, 'Torus knot')).toHaveAttribute('aria-level', '2');
    await expect(row(page, 'Sphere')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(row(page, 'Sphere')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(row(page, 'Sphere')).toHaveAttribute('aria-expanded', 'false');
    await expect(row(page, 'Torus knot')).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(row(page, 'Torus knot')).toBeVisible();
    if (width === 'desktop') {
      // A drag into a row hangs the dragged object under it.
      await row(page, 'Point light').dragTo(row(page, 'Cube'));
      await expect(row(page, 'Point light')).toHaveAttribute('aria-level', '2');
      await expect(page.getByRole('button', { name: 'Undo Move Point light into Cube' })).toBeVisible();
    }
    await expect(page.getByRole('treeitem', { name: /^animated-box\.glb, model$/ })).toBeVisible();

    // Saved to the account, then shared.
    const name = `Editor scene ${width}`;
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Scene name').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('account-status')).toHaveText(`Saved to your account as “${name}”.`, { timeout: 30_000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Share…' }).click();
    const link = await page.getByTestId('share-url').inputValue();
    expect(link).toMatch(/\/hyper3d\/shared\/[A-Za-z0-9_-]{32}$/);
    await page.getByRole('button', { name: 'Done' }).click();

    // The same person in another browser (logged in: the tokens are copied, the editor's storage is not) opens it from My scenes.
    const otherContext = await browser.newContext({ viewport, storageState: await context.storageState() });
    const elsewhere = { context: otherContext, page: await otherContext.newPage() };
    await elsewhere.page.goto('/hyper3d/scenes');
    await elsewhere.page.getByRole('link', { name: `Open ${name}` }).click();
    await expect(elsewhere.page.getByRole('tree', { name: 'Scene outline' })).toBeVisible();
    await expect(elsewhere.page.getByTestId('open-progress')).toHaveCount(0);
    await expect(elsewhere.page.getByTestId('account-status')).toHaveText(`Saved to your account as “${name}”.`);
    await expect.poll(() => outlineNames(elsewhere.page)).toEqual(await outlineNames(page));
    await expect(elsewhere.page.getByTestId('editor-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await elsewhere.context.close();

    // Anyone with the link sees it, logged out; light and dark.
    const visitor = await browser.newContext({ viewport });
    const shared = await visitor.newPage();
    await shared.goto(new URL(link).pathname);
    await expect(shared.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(shared.getByTestId('shared-objects').getByRole('listitem')).toHaveCount(built.length);
    await expect(shared.getByTestId('shared-canvas')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
    await expectAccessibleInBothThemes(shared);
    await visitor.close();

    // Exported as GLB, it opens in the viewer with as many nodes as the export wrote.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export GLB' }).click(),
    ]);
    const bytes = await fs.readFile((await download.path())!);
    const nodes = glbNodes(bytes);
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-nodes', String(nodes.length));
    // Every object of the outline is a node (the model adds its own), and no helper or grid is.
    expect(nodes).toEqual(expect.arrayContaining(built));
    expect(nodes.length).toBe(built.length + 1);
    await page.goto('/hyper3d/local-model');
    await expect(page.getByTestId('model-name')).toHaveText('sample-robot.glb', { timeout: 30_000 });
    await page.getByTestId('model-file-input').setInputFiles({ name: 'scene.glb', mimeType: 'model/gltf-binary', buffer: bytes });
    await expect(page.getByTestId('model-name')).toHaveText('scene.glb');
    await expect(page.getByTestId('stat-nodes')).toHaveText(String(nodes.length));
    await context.close();
  });
}
