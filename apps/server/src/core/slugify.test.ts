import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.js';

describe('slugify', () => {
  it('makes readable ASCII slugs', () => {
    expect(slugify('Zoë  O’Brien')).toBe('zoe-obrien');
    expect(slugify('  Jean-Luc Picard ')).toBe('jean-luc-picard');
    expect(slugify('東京')).toBe('');
    expect(slugify('a'.repeat(150), 100)).toHaveLength(100);
  });

  it('always yields only lower-case letters, digits and single inner hyphens', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const slug = slugify(text);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});
