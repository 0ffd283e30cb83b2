import { describe, expect, it } from 'vitest';
import { shareOut } from './invoice-model.js';

describe('shareOut', () => {
  it('splits the tax over the lines in proportion, to the cent, adding up to it exactly', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(47, [3000, 1000])).toEqual([35, 12]);
    expect(shareOut(1, [1000, 3000])).toEqual([0, 1]);
    expect(shareOut(0, [5, 5])).toEqual([0, 0]);
    expect(shareOut(9, [0, 0])).toEqual([9, 0]);
    const parts = shareOut(12_345, [199, 2_999, 1, 50_000]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(12_345);
  });
});
