import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { afterFrames, afterIdle, readPixels, stillScreenshot } from '../support/pixels';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'hyper3d');
const fixtures = (...names: string[]) => names.map((name) => path.join(FIXTURES, name));

const MODELS = {
  glb: { files: fixtures('animated-box.glb'), name: 'animated-box.glb' },
  obj: { files: fixtures('pyramid.obj', 'pyramid.mtl', 'stone.png'), name: 'pyramid.obj' },
  stl: { files: fixtures('octahedron.stl'), name: 'octahedron.stl' },
  gltf: { files: fixtures('crate.gltf', 'crate.bin', 'crate-texture.png'), name: 'crate.gltf' },
};

async function openPage(page: Page) {
  await page.goto('/hyper3d/local-model');
  const canvas = page.getByTestId('model-canvas');
  await expect(canvas).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('model-name')).toHaveText('sample-robot.glb', { timeout: 30_000 });
  return canvas;
}

async function open(page: Page, model: { files: string[]; name: string }) {
  await page.getByTestId('model-file-input').setInputFiles(model.files);
  await expect(page.getByTestId('model-name')).toHaveText(model.name);
}

async function expectStats(page: Page, stats: Record<string, string>) {
  for (const [key, value] of Object.entries(stats)) await expect(page.getByTestId(`stat-${key}`), key).toHaveText(value);
}

test('shows the sample, then opens a GLB, an OBJ with its MTL and an STL with their statistics', async ({ page }) => {
  const canvas = await openPage(page);
  await expect(page.getByTestId('clip')).toHaveCount(3);
  expect((await readPixels(canvas)).distinctColours).toBeGreaterThan(20);

  await open(page, MODELS.glb);
  await expectStats(page, { meshes: '1', vertices: '24', triangles: '12', materials: '1', textures: '0' });
  await expect(page.getByTestId('clip')).toHaveText([/Spin/, /Bounce/]);

  // Play the clip: the picture moves; pause it: the picture stands still.
  const still = await stillScreenshot(canvas, 'the loaded model stands still');
  await page.getByRole('button', { name: 'Play Spin' }).click();
  await expect(page.getByTestId('clip').first()).toHaveAttribute('data-playing', 'true');
  await expect.poll(async () => (await canvas.screenshot()).equals(still), 'the clip plays').toBe(false);
  await page.getByRole('button', { name: 'Pause Spin' }).click();
  await expect(page.getByTestId('clip').first()).toHaveAttribute('data-playing', 'false');
  const paused = await stillScreenshot(canvas, 'the paused clip stops');
  // Many frames later the paused clip has not moved.
  await afterFrames(page, 20);
  expect((await canvas.screenshot()).equals(paused), 'a paused clip stands still').toBe(true);

  await open(page, MODELS.obj);
  await expectStats(page, { meshes: '1', vertices: '18', triangles: '6', materials: '2', textures: '1' });
  await expect(page.getByTestId('no-clips')).toBeVisible();

  await open(page, MODELS.stl);
  await expectStats(page, { meshes: '1', vertices: '24', triangles: '8', materials: '1', textures: '0' });
  expect((await readPixels(canvas)).distinctColours).toBeGreaterThan(8);
  await expectAccessible(page);
});

/**
 * The model's silhouette as sampled rows down the middle column and columns across the middle row:
 * a tower standing is tall and narrow, lying it is not (at phone width both may fill the height).
 * The background is read at the top middle: the view's corners are rounded, the page shows there.
 */
async function silhouette(canvas: Locator, count = 40) {
  const down = Array.from({ length: count }, (_, i) => [0.5, (i + 0.5) / count] as [number, number]);
  const across = Array.from({ length: count }, (_, i) => [(i + 0.5) / count, 0.5] as [number, number]);
  const [background, ...samples] = (await readPixels(canvas, [[0.5, 0.02], ...down, ...across])).colours;
  const filled = samples.map((colour) => colour.some((channel, i) => Math.abs(channel - background![i]!) > 24));
  const rows = filled.slice(0, count).filter(Boolean).length;
  const columns = filled.slice(count).filter(Boolean).length;
  const box = await canvas.boundingBox();
  // Rows and columns sample different lengths: the ratio is of the silhouette's height to its width.
  return { rows, columns, ratio: (rows * box!.height) / Math.max(1, columns * box!.width) };
}

for (const [name, viewport] of Object.entries({
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
})) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('an STL written without normals is lit grey, stands upright as Z-up, and lies down as Y-up', async ({ page }) => {
      test.setTimeout(240_000);
      const canvas = await openPage(page);
      await open(page, { files: fixtures('tower-z-up.stl'), name: 'tower-z-up.stl' });
      // STL comes from CAD tools: Z-up is chosen for it, and the 1 × 1 × 3 tower stands 3 high.
      await expect(page.getByRole('button', { name: 'Z-up', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('stat-size')).toHaveText('1 × 3 × 1');
      // Its facets carry 0 0 0 normals: recomputed, the middle of the tower is a lit grey, not black.
      await expect
        .poll(async () => Math.min(...(await readPixels(canvas, [[0.5, 0.5]])).colours[0]!), 'the model is lit')
        .toBeGreaterThan(60);
      const upright = await stillScreenshot(canvas, 'the upright tower stands still');
      const standing = await silhouette(canvas);

      await page.getByRole('button', { name: 'Y-up', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Y-up', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('stat-size')).toHaveText('1 × 1 × 3');
      await expect.poll(async () => (await canvas.screenshot()).equals(upright), 'the view turns').toBe(false);
      await stillScreenshot(canvas, 'the turned view settles');
      const lying = await silhouette(canvas);
      console.log(
        `tower silhouette at ${name} width (rows × columns of 40): standing ${JSON.stringify(standing)}, lying ${JSON.stringify(lying)}`,
      );
      expect(standing.ratio).toBeGreaterThan(1.5 * lying.ratio);
      await expectAccessible(page);
    });
  });
}

test('opens a PLY and an FBX with its clip', async ({ page }) => {
  await openPage(page);
  await open(page, { files: fixtures('quad.ply'), name: 'quad.ply' });
  await expectStats(page, { meshes: '1', vertices: '4', triangles: '2' });
  await open(page, { files: fixtures('tetra.fbx'), name: 'tetra.fbx' });
  await expectStats(page, { meshes: '1', vertices: '12', triangles: '4', materials: '1' });
  await expect(page.getByTestId('clip')).toHaveText([/Turn/]);
  await page.getByRole('button', { name: 'Play Turn' }).click();
  await expect(page.getByTestId('clip')).toHaveAttribute('data-playing', 'true');
});

test('environment lighting (procedural room) can be switched on and off', async ({ page }) => {
  test.setTimeout(120_000);
  const canvas = await openPage(page);
  const toggle = page.getByRole('switch', { name: 'Environment lighting' });
  // SwiftShader draws without a graphics card: the viewer starts without the (slow) environment there.
  await expect(page.getByTestId('software-renderer-note')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  const textures = async () => Number(await canvas.getAttribute('data-textures'));
  const before = await textures();
  const picture = await canvas.screenshot();
  await toggle.check();
  await expect.poll(textures, { timeout: 60_000 }).toBeGreaterThan(before);
  await expect.poll(async () => (await canvas.screenshot()).equals(picture), { timeout: 30_000 }).toBe(false);
  await toggle.uncheck();
  await expect.poll(textures, { timeout: 30_000 }).toBe(before);
});

test('a dropped glTF with its buffer and texture opens, textured', async ({ page }) => {
  await openPage(page);
  const transfer = await page.evaluateHandle(
    async (files) => {
      const data = new DataTransfer();
      for (const { name, base64 } of files)
        data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name));
      return data;
    },
    await Promise.all(
      MODELS.gltf.files.map(async (file) => ({
        name: path.basename(file),
        base64: (await fs.readFile(file)).toString('base64'),
      })),
    ),
  );
  const zone = page.getByTestId('model-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(page.getByText('Drop to open the model')).toBeVisible();
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByTestId('model-name')).toHaveText('crate.gltf');
  await expectStats(page, { meshes: '1', vertices: '24', triangles: '12', textures: '1' });
  await expect(page.getByTestId('model-missing')).toHaveCount(0);
});

test('downloads a screenshot of the view as a PNG', async ({ page }) => {
  await openPage(page);
  await open(page, MODELS.stl);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download a screenshot' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('octahedron-screenshot.png');
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.length).toBeGreaterThan(2_000);
});

test('corrupt and unsupported files give a clear message and keep the model on show', async ({ page }) => {
  const canvas = await openPage(page);
  await open(page, MODELS.stl);
  await page.getByTestId('model-file-input').setInputFiles(fixtures('corrupt.glb'));
  await expect(page.getByTestId('model-error')).toContainText('"corrupt.glb" could not be opened as glTF binary (GLB)');
  await expect(page.getByTestId('model-name')).toHaveText('octahedron.stl');
  expect((await readPixels(canvas)).distinctColours, 'never a blank canvas').toBeGreaterThan(8);
  await page.getByTestId('model-file-input').setInputFiles(fixtures('notes.txt'));
  await expect(page.getByTestId('model-error')).toContainText('"notes.txt" is not a 3D model');
  await page.getByTestId('model-file-input').setInputFiles(fixtures('crate.gltf'));
  await expect(page.getByTestId('model-error')).toContainText('it needs "crate.bin"');
  await expectAccessible(page);
});

test('loading 20 models in a row leaves renderer memory where it started', async ({ page }) => {
  test.setTimeout(180_000);
  const canvas = await openPage(page);
  const memory = async () => ({
    geometries: Number(await canvas.getAttribute('data-geometries')),
    textures: Number(await canvas.getAttribute('data-textures')),
  });
  // React Three Fiber disposes the objects of unmounted elements (the old grid) when the page is idle:
  // read the counts once they stay the same across an idle moment and the frames after it.
  const settled = async () => {
    for (;;) {
      const first = await memory();
      await afterIdle(page);
      await afterFrames(page, 10);
      const second = await memory();
      if (JSON.stringify(first) === JSON.stringify(second)) return second;
    }
  };
  await open(page, MODELS.glb);
  await expect.poll(async () => (await memory()).geometries).toBeGreaterThan(0);
  const start = await settled();
  const cycle = [MODELS.obj, MODELS.stl, MODELS.gltf, MODELS.glb];
  for (let i = 0; i < 20; i++) await open(page, cycle[i % cycle.length]!);
  await expect(page.getByTestId('model-name')).toHaveText(MODELS.glb.name);
  await expect.poll(memory, { timeout: 20_000 }).toEqual(start);
  console.log(`renderer memory after 20 loads: ${JSON.stringify(await memory())} (start ${JSON.stringify(start)})`);
});
