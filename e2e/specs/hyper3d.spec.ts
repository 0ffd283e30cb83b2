import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { afterFrames, readPixels } from '../support/pixels';

async function sceneReady(page: Page, testId: string) {
  const canvas = page.getByTestId(testId);
  await expect(canvas).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return canvas;
}

test('the figures scene draws lit figures, and a click selects one (it turns red)', async ({ page }) => {
  await page.goto('/hyper3d');
  const canvas = await sceneReady(page, 'figures-canvas');
  await page.mouse.move(0, 0);
  const pixels = await readPixels(canvas);
  expect(pixels.distinctColours, 'a lit scene has many shades').toBeGreaterThan(40);

  // Time from the three.js chunk's arrival to the first drawn frame.
  const timing = await page.evaluate(() => {
    const chunks = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js')) as PerformanceResourceTiming[];
    const lastChunk = Math.max(...chunks.map((entry) => entry.responseEnd));
    const firstFrame = Number(document.querySelector<HTMLElement>('[data-testid=figures-canvas]')!.dataset.firstFrameMs);
    return { firstFrame, lastChunk };
  });
  console.log(`figures: first frame ${Math.round(timing.firstFrame - timing.lastChunk)} ms after the last chunk arrived`);

  // The torus knot stands in the middle of the view; its tube may leave a hole at the exact centre.
  const box = (await canvas.boundingBox())!;
  const offsets: [number, number][] = [
    [0, 0],
    [0, 12],
    [12, 0],
    [-12, 0],
    [0, -12],
    [18, 18],
    [-18, 18],
  ];
  let hit: [number, number] | undefined;
  for (const [dx, dy] of offsets) {
    await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    if ((await page.getByRole('button', { pressed: true }).count()) > 0) {
      hit = [(box.width / 2 + dx) / box.width, (box.height / 2 + dy) / box.height];
      break;
    }
  }
  expect(hit, 'a click in the middle of the view selects the torus knot').toBeDefined();
  await expect(page.getByRole('button', { name: /^Torus knot/, pressed: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Torus knot' })).toBeVisible();
  await page.mouse.move(box.x + 4, box.y + 4); // off the figure: no hover tint
  await expect
    .poll(async () => {
      const [r, g, b] = (await readPixels(canvas, [hit!])).colours[0]!;
      return r > 120 && r > g * 1.8 && r > b * 1.8;
    }, 'the selected figure is drawn red')
    .toBe(true);

  // A click on empty ground clears the selection.
  await page.mouse.click(box.x + 20, box.y + box.height - 20);
  await expect(page.getByRole('button', { pressed: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('the figures panel works from the keyboard', async ({ page }) => {
  await page.goto('/hyper3d');
  await sceneReady(page, 'figures-canvas');
  await page.getByRole('button', { name: /^Sphere/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sphere' })).toBeVisible();
  await page.getByRole('radio', { name: 'Wireframe' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: /^Sphere.*Wireframe/ })).toBeVisible();
  await page.getByRole('button', { name: 'Remove this figure' }).press('Enter');
  await expect(page.getByText('In the scene (5)')).toBeVisible();
});

test('the animate page animates, pauses and scrubs', async ({ page }) => {
  await page.goto('/hyper3d/animate');
  const canvas = await sceneReady(page, 'animate-canvas');
  const timeline = page.getByTestId('timeline');
  const first = Number(await timeline.getAttribute('data-time'));
  await expect.poll(async () => Number(await timeline.getAttribute('data-time'))).not.toBe(first);
  const before = await canvas.screenshot();
  await expect.poll(async () => (await canvas.screenshot()).equals(before), 'the picture changes').toBe(false);

  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const paused = await timeline.getAttribute('data-time');
  // Frames go on being drawn; the time stays where it was paused.
  await afterFrames(page, 20);
  await expect(timeline).toHaveAttribute('data-time', paused!);
  await page.getByRole('slider', { name: 'Time' }).press('End');
  await expect(timeline).toHaveAttribute('data-time', '4.00');

  // Hover: the figure under the pointer grows and turns yellow.
  const box = (await canvas.boundingBox())!;
  const still = await canvas.screenshot();
  const cursor = () => canvas.locator('canvas').evaluate((element) => element.style.cursor);
  let hovering = false;
  for (let fx = 0.15; fx < 0.9 && !hovering; fx += 0.05) {
    for (const fy of [0.5, 0.6, 0.4]) {
      await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
      if ((hovering = (await cursor()) === 'pointer')) break;
    }
  }
  expect(hovering, 'the pointer found a figure').toBe(true);
  await expect.poll(async () => (await canvas.screenshot()).equals(still), 'hover changes the picture while paused').toBe(false);
  await expectAccessible(page);
});
