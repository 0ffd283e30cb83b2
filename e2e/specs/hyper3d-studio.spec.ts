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

const numberIn = async (page: Page, name: string) => Number(await page.getByRole('spinbutton', { name }).inputValue());

async function setNumber(page: Page, name: string, value: string) {
  await page.getByRole('spinbutton', { name }).fill(value);
  await page.getByRole('spinbutton', { name }).press('Enter');
  await expect.poll(() => numberIn(page, name)).toBe(Number(value));
}

async function gizmoMode(page: Page, mode: 'Move' | 'Rotate' | 'Scale') {
  const button = page.getByRole('group', { name: 'Gizmo in the view' }).getByRole('button', { name: mode });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Where the new Sphere (at the origin) shows in the view, as a fraction of its height, and how big
 * its gizmo is next to the desktop's: the camera frames the scene for the view's shape, so a tall
 * phone view shows it higher up and smaller.
 */
const FRAMING = { desktop: { centre: 0.665, scale: 1 }, phone: { centre: 0.602, scale: 0.48 } };

/** Drags in the view, in desktop pixels from the centre of the Sphere's gizmo. */
async function dragFromFigure(page: Page, width: keyof typeof FRAMING, from: [number, number], to: [number, number]) {
  const { centre, scale } = FRAMING[width];
  // On a phone the panel sits below the view: bring the view back on screen first.
  await page.getByTestId('animate-canvas').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('animate-canvas').boundingBox())!;
  const at = ([x, y]: [number, number]) => ({
    x: box.x + box.width * 0.5 + x * scale,
    y: box.y + box.height * centre + y * scale,
  });
  const [start, end] = [at(from), at(to)];
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 6 });
  await page.mouse.move(end.x, end.y, { steps: 6 });
  await page.mouse.up();
}

for (const [width, viewport] of Object.entries(VIEWPORTS) as [keyof typeof VIEWPORTS, (typeof VIEWPORTS)['desktop']][]) {
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

      // The gizmos: drag a handle in each mode; each drag is one step to undo.
      await setNumber(page, 'Position X', '0');
      await dragFromFigure(page, width, [0, 0], [120, 0]);
      await expect(page.getByRole('button', { name: 'Undo Move Sphere' })).toBeVisible();
      await expect.poll(() => numberIn(page, 'Position X')).toBeGreaterThan(0.3);
      await setNumber(page, 'Position X', '0');

      // Rotate: the red ring, seen edge on, runs down through the centre; dragging it down turns the figure about X.
      await gizmoMode(page, 'Rotate');
      await dragFromFigure(page, width, [0, 0], [0, 60]);
      await expect(page.getByRole('button', { name: 'Undo Rotate Sphere' })).toBeVisible();
      expect(await numberIn(page, 'Rotation (°) X')).toBeGreaterThan(30);
      expect(await numberIn(page, 'Rotation (°) Y')).toBe(0);
      await page.getByRole('button', { name: 'Undo Rotate Sphere' }).click();
      await expect.poll(() => numberIn(page, 'Rotation (°) X')).toBe(0);
      await expect(page.getByRole('button', { name: 'Undo Move Sphere' })).toBeVisible();

      // Scale: the box at the centre grows the figure evenly.
      await gizmoMode(page, 'Scale');
      await dragFromFigure(page, width, [6, 0], [24, 0]);
      await expect(page.getByRole('button', { name: 'Undo Scale Sphere' })).toBeVisible();
      const grown = await numberIn(page, 'Scale X');
      expect(grown).toBeGreaterThan(1.5);
      expect([await numberIn(page, 'Scale Y'), await numberIn(page, 'Scale Z')]).toEqual([grown, grown]);
      await page.getByRole('button', { name: 'Undo Scale Sphere' }).click();
      await expect.poll(() => numberIn(page, 'Scale X')).toBe(1);
      await expect(page.getByRole('button', { name: 'Undo Move Sphere' })).toBeVisible();
      await gizmoMode(page, 'Move');

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
