import { describe, expect, it } from 'vitest';
import { bareName, promptBaseName, visionNameFromUrl } from './media-names.js';

describe('AI lab file names', () => {
  it('names a generated file after its prompt, safely', () => {
    expect(promptBaseName('A red   Circle on blue', 'image')).toBe('a_red_circle_on_blue');
    expect(promptBaseName('Crème brûlée at the café, please!', 'image')).toBe('creme_brulee_at_the_cafe');
    expect(promptBaseName('../../etc/passwd', 'image')).toBe('etcpasswd');
    expect(promptBaseName('🐱🐱🐱', 'image')).toBe('image');
    expect(promptBaseName('   ___   ', 'voice')).toBe('voice');
    expect(promptBaseName('x'.repeat(80), 'image')).toHaveLength(25);
  });

  it('accepts only bare file names', () => {
    expect(bareName('a_red_circle_v2.png')).toBe('a_red_circle_v2.png');
    for (const bad of [
      '',
      '../x.png',
      'a/b.png',
      '..',
      '.hidden',
      'a\\b.png',
      '/etc/passwd',
      'a%2fb.png',
      'x.png\u0000',
      'C:x',
      'a b.png',
    ]) {
      expect(bareName(bad), bad).toBeUndefined();
    }
  });

  it('reads the name of an uploaded picture from its URL', () => {
    expect(visionNameFromUrl('http://localhost:8000/static/media/vision_images/photo-ab12.webp')).toBe('photo-ab12.webp');
    expect(visionNameFromUrl('/static/media/vision_images/photo-ab12.webp')).toBe('photo-ab12.webp');
    expect(visionNameFromUrl('http://x/static/media/generated_images/a_v1.png')).toBeUndefined();
    expect(visionNameFromUrl('http://x/static/media/vision_images/../db/x')).toBeUndefined();
    expect(visionNameFromUrl('http://x/static/media/vision_images/a/b.webp')).toBeUndefined();
    expect(visionNameFromUrl('not a url at all')).toBeUndefined();
  });
});
