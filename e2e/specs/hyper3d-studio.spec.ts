import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

async function ready(page: Page, path: string, testId: string) {
  await page.goto(path);
  await expect(page.getByTestId(testId)).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: await fs.readFile((await file.path())!) };
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${width} width`, () => {
    test.use({ viewport });

    test('the studio scene is kept in the browser, and exported and imported as JSON, and exported as GLB', async ({ page }) => {
      test.setTimeout(240_000);
      await ready(page, '/hyper3d', 'figures-canvas');
      await expect(page.getByText('In the scene (6)')).toBeVisible();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByText('In the scene (7)')).toBeVisible();
      await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');

      await page.reload();
      await expect(page.getByText('In the scene (7)')).toBeVisible({ timeout: 60_000 });

      const json = await download(page, 'Export JSON');
      expect(json.name).toBe('hyper3d-studio.json');
      const file = JSON.parse(json.bytes.toString('utf8')) as { kind: string; figures: { name: string }[] };
      expect(file.kind).toBe('studio');
      expect(file.figures).toHaveLength(7);

      // A bad file says why and changes nothing.
      await page.getByTestId('scene-file-input').setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"app":"hyper3d","kind":"studio","version":1,"figures":[{"id":1}]}'),
      });
      await expect(page.getByTestId('scene-import-error')).toContainText('"broken.json" is not a Hyper 3D studio scene');
      await expect(page.getByTestId('scene-import-error')).toContainText('Nothing was changed.');
      await expect(page.getByText('In the scene (7)')).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Reset the scene' }).click();
      await expect(page.getByText('In the scene (6)')).toBeVisible();
      await page
        .getByTestId('scene-file-input')
        .setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: json.bytes });
      await expect(page.getByText('In the scene (7)')).toBeVisible();
      await expect(page.getByTestId('scene-import-error')).toHaveCount(0);

      const glb = await download(page, 'Export GLB');
      expect(glb.name).toBe('hyper3d-studio.glb');
      expect(glb.bytes.subarray(0, 4).toString('ascii')).toBe('glTF');
      expect(glb.bytes.toString('latin1')).toContain('Torus knot');
    });

    test('animate adds figures and keyframes, undoes and redoes, and keeps the animation in the browser', async ({ page }) => {
      test.setTimeout(240_000);
      await ready(page, '/hyper3d/animate', 'animate-canvas');
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Figures (5)' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Sphere/, pressed: true })).toBeVisible();

      // At 2 s on the timeline: move it by number, which keys it there.
      const slider = page.getByRole('slider', { name: 'Time' });
      await slider.focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < 20; i++) await page.keyboard.press('PageUp');
      const time = Number(await page.getByTestId('timeline').getAttribute('data-time'));
      expect(time).toBeGreaterThan(0);
      const x = page.getByRole('spinbutton', { name: 'Position X' });
      await x.fill('1.5');
      await x.press('Enter');
      await expect(page.getByRole('button', { name: /^Sphere.*2 keyframes/ })).toBeVisible();
      await page.getByRole('button', { name: 'Undo Move Sphere' }).click();
      await expect(page.getByRole('button', { name: /^Sphere.*1 keyframe$/ })).toBeVisible();
      await page.locator('body').press('Control+Shift+Z');
      await expect(page.getByRole('button', { name: /^Sphere.*2 keyframes/ })).toBeVisible();
      await page.locator('body').press('Control+Z');
      await expect(page.getByRole('button', { name: /^Sphere.*1 keyframe$/ })).toBeVisible();
      await page.locator('body').press('Control+Y');
      await expect(page.getByRole('button', { name: /^Sphere.*2 keyframes/ })).toBeVisible();

      // The gizmo: drag the figure's centre handle to the right, and it is moved (one more undo step).
      if (width === 'desktop') {
        await page.getByRole('spinbutton', { name: 'Position X' }).fill('0');
        await page.getByRole('spinbutton', { name: 'Position X' }).press('Enter');
        const box = (await page.getByTestId('animate-canvas').boundingBox())!;
        const figure = { x: box.x + box.width * 0.5, y: box.y + box.height * 0.665 };
        await page.mouse.move(figure.x, figure.y);
        await page.mouse.down();
        await page.mouse.move(figure.x + 60, figure.y, { steps: 6 });
        await page.mouse.move(figure.x + 120, figure.y, { steps: 6 });
        await page.mouse.up();
        await expect(page.getByRole('button', { name: 'Undo Move Sphere' })).toBeVisible();
        await expect
          .poll(async () => Number(await page.getByRole('spinbutton', { name: 'Position X' }).inputValue()))
          .toBeGreaterThan(0.3);
      }
      await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
      await expectAccessible(page);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'Figures (5)' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('button', { name: /^Sphere.*2 keyframes/ })).toBeVisible();

      const json = await download(page, 'Export JSON');
      expect((JSON.parse(json.bytes.toString('utf8')) as { figures: unknown[] }).figures).toHaveLength(5);
      await page.getByTestId('scene-file-input').setInputFiles({
        name: 'studio.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"app":"hyper3d","kind":"studio","version":1,"figures":[]}'),
      });
      await expect(page.getByTestId('scene-import-error')).toContainText('it is a Hyper 3D studio scene');
      await expect(page.getByRole('heading', { name: 'Figures (5)' })).toBeVisible();
      const glb = await download(page, 'Export GLB');
      expect(glb.bytes.subarray(0, 4).toString('ascii')).toBe('glTF');
    });
  });
}
