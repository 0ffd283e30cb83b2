import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { measurePicture } from '../pictures/picture-measure.js';
import { sketchPicture, sketchSvg } from './sketch-engine.js';
import { planSketch } from './sketch-prompt.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const PROMPTS = [
  'a red circle',
  'three golden stars on a navy background',
  'a house with two trees under a blue sky',
  'sunset over the ocean with birds',
  'snowy mountains at night',
  'a city skyline at night',
  'a garden full of pink flowers',
  'fish underwater',
  'rain over the hills',
  'a rainbow after the storm',
  'big purple heart',
  'spiral galaxy',
  'squares and triangles',
  'the feeling of a Monday morning',
  'zxqv',
];

describe('the procedural image generator', () => {
  it('draws a valid 1024 × 1024 PNG for every prompt', async () => {
    for (const prompt of PROMPTS) {
      const png = await sketchPicture(prompt);
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE), prompt).toBe(true);
      const meta = await sharp(png).metadata();
      expect(meta, prompt).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    }
  });

  it('gives the same picture for the same prompt and a different one for another', async () => {
    const first = await sketchPicture('A red circle');
    expect((await sketchPicture('  a   RED circle ')).equals(first)).toBe(true);
    expect((await sketchPicture('a blue circle')).equals(first)).toBe(false);
    const svgs = new Set(PROMPTS.map((prompt) => sketchSvg(prompt)));
    expect(svgs.size).toBe(PROMPTS.length);
  });

  it('paints the colours and subjects the prompt names', async () => {
    expect((await measurePicture(await sketchPicture('a big red circle on a white background'))).colours).toContain('red');
    const night = await measurePicture(await sketchPicture('a city at night'));
    expect(night.brightness).toBeLessThan(0.35);
    const day = await measurePicture(await sketchPicture('a sunny day in the snow'));
    expect(day.brightness).toBeGreaterThan(0.55);
    const sea = await measurePicture(await sketchPicture('the blue ocean'));
    expect(sea.colours).toContain('blue');
  });

  it('reads counts, sizes, colours and scenes from the words', () => {
    const plan = planSketch('three tiny yellow stars and a big red house at night under a purple sky');
    expect(plan.scene).toBe('night');
    expect(plan.sky).toBe('#8e24aa');
    expect(plan.subjects).toEqual([
      { kind: 'star', count: 3, plural: true, colour: '#fdd835', scale: 0.45 },
      { kind: 'house', count: undefined, plural: false, colour: '#e53935', scale: 1.4 },
    ]);
    expect(sketchSvg('three tiny yellow stars').match(/<polygon/g)).toHaveLength(3);
  });
});
