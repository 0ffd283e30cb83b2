import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejected, processImage, type ImageLimits } from './image-processing.js';

const LIMITS: ImageLimits = {
  formats: ['jpeg', 'png', 'webp', 'gif'],
  maxBytes: 2_000_000,
  maxPixels: 4_000_000,
  maxDimension: 512,
  thumbnailDimension: 128,
};

const picture = (format: 'jpeg' | 'png' | 'gif' | 'webp', width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('processImage', () => {
  it('re-encodes to WebP within the size limit, with a thumbnail, and strips metadata', async () => {
    const withExif = await sharp(await picture('jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', ImageDescription: 'home address' } } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const result = await processImage(withExif, LIMITS);
    expect(result).toMatchObject({ width: 512, height: 384, extension: 'webp', contentType: 'image/webp' });
    const meta = await sharp(result.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(result.data.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await sharp(result.thumbnail!).metadata()).width).toBe(128);
  });

  it('accepts each allowed format by content and never enlarges', async () => {
    for (const format of ['png', 'gif', 'webp'] as const) {
      const result = await processImage(await picture(format, 300, 200), LIMITS);
      expect([result.width, result.height]).toEqual([300, 200]);
    }
  });

  it.each([
    ['text behind a picture name', Buffer.from('just some text, not an image'), /not a picture/],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      /must be JPEG, PNG, WebP, GIF; this file is SVG/,
    ],
    ['a truncated JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]), /not a picture|damaged/],
  ])('refuses %s', async (_name, data, message) => {
    await expect(processImage(data, LIMITS)).rejects.toThrow(ImageRejected);
    await expect(processImage(data, LIMITS)).rejects.toThrow(message);
  });

  it('refuses too many bytes and too many pixels', async () => {
    await expect(processImage(Buffer.alloc(2_000_001), LIMITS)).rejects.toThrow('larger than 2 MB');
    const huge = await picture('png', 2100, 2000);
    await expect(processImage(huge, LIMITS)).rejects.toThrow('more than 4 megapixels');
  });

  it('refuses a format it was not asked to take', async () => {
    await expect(processImage(await picture('gif'), { ...LIMITS, formats: ['jpeg', 'png'] })).rejects.toThrow(
      'Pictures must be JPEG, PNG; this file is GIF.',
    );
  });
});
