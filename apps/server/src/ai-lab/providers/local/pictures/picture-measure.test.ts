import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nameColour } from './colour-names.js';
import { measurePicture } from './picture-measure.js';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('measuring a picture', () => {
  it('names everyday colours', () => {
    expect(nameColour(230, 30, 30)).toBe('red');
    expect(nameColour(20, 60, 220)).toBe('blue');
    expect(nameColour(40, 170, 60)).toBe('green');
    expect(nameColour(250, 220, 30)).toBe('yellow');
    expect(nameColour(250, 140, 20)).toBe('orange');
    expect(nameColour(120, 70, 30)).toBe('brown');
    expect(nameColour(128, 128, 128)).toBe('grey');
    expect(nameColour(5, 5, 5)).toBe('black');
    expect(nameColour(250, 250, 250)).toBe('white');
    expect(nameColour(140, 40, 200)).toBe('purple');
    expect(nameColour(240, 120, 200)).toBe('pink');
  });

  it('gives the size, the dominant colours and the brightness', async () => {
    const dark = await measurePicture(await solid(320, 200, '#101828'));
    expect(dark).toMatchObject({ width: 320, height: 200, colours: ['black'] });
    expect(dark.brightness).toBeLessThan(0.15);

    const half = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1e50dc' } })
      .composite([{ input: await solid(400, 150, '#f5d21e'), top: 250, left: 0 }])
      .webp()
      .toBuffer();
    const beach = await measurePicture(half);
    expect(beach.width).toBe(400);
    expect(beach.colours.slice(0, 2)).toEqual(['blue', 'yellow']);
    expect(beach.brightness).toBeGreaterThan(0.3);
  });
});
