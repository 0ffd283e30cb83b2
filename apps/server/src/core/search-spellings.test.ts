import { describe, expect, it } from 'vitest';
import { transpositionSpellings } from './search-spellings.js';

describe('transpositionSpellings', () => {
  it('keeps the text first and adds each swap of two neighbouring letters', () => {
    const spellings = transpositionSpellings('Oragnic');
    expect(spellings[0]).toBe('Oragnic');
    expect(spellings).toContain('Organic');
    expect(spellings).toHaveLength(7);
  });

  it('swaps inside one word at a time, leaves short words, digits and doubled letters alone', () => {
    expect(transpositionSpellings('xl tee')).toEqual(['xl tee']);
    expect(transpositionSpellings('red jakcet')).toContain('red jacket');
    expect(transpositionSpellings('1234')).toEqual(['1234']);
    expect(transpositionSpellings('aabb')).toEqual(['aabb', 'abab']);
  });

  it('is capped', () => {
    expect(transpositionSpellings('abcdefghijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz', 10)).toHaveLength(10);
  });
});
