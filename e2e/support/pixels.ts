import { expect, type Locator, type Page } from '@playwright/test';

export interface PixelReport {
  /** Distinct colours after rounding each channel to 16 levels: a blank canvas has one or two. */
  distinctColours: number;
  /** The colours at the asked points (fractions of width and height). */
  colours: [number, number, number][];
}

/** What a WebGL canvas shows, read from a screenshot (works whatever the canvas's drawing-buffer settings). */
export async function readPixels(locator: Locator, points: [number, number][] = []): Promise<PixelReport> {
  const png = await locator.screenshot();
  return locator.page().evaluate(
    async ({ base64, points }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const distinct = new Set<number>();
      for (let i = 0; i < data.length; i += 4)
        distinct.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
      const colours = points.map(([fx, fy]) => {
        const i = (Math.floor(fy * (height - 1)) * width + Math.floor(fx * (width - 1))) * 4;
        return [data[i]!, data[i + 1]!, data[i + 2]!] as [number, number, number];
      });
      return { distinctColours: distinct.size, colours };
    },
    { base64: png.toString('base64'), points },
  );
}

/**
 * A screenshot of a canvas once what it shows has stopped changing: two in a row alike. Waits for
 * the picture (a camera easing, a model appearing), never for a fixed time.
 */
export async function stillScreenshot(locator: Locator, message = 'the picture stops changing'): Promise<Buffer> {
  let previous = await locator.screenshot();
  let still: Buffer | undefined;
  await expect
    .poll(
      async () => {
        const next = await locator.screenshot();
        if (next.equals(previous)) still = next;
        previous = next;
        return still !== undefined;
      },
      { message },
    )
    .toBe(true);
  return still!;
}

/** Resolves once the page has drawn `count` more animation frames: time as the page lives it. */
export function afterFrames(page: Page, count: number): Promise<void> {
  return page.evaluate(
    (frames) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(frames);
      }),
    count,
  );
}

/** Resolves once the page's main thread has been idle (React Three Fiber frees unmounted objects then). */
export function afterIdle(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}
