import { describe, expect, it } from 'vitest';
import { evenShares, quantitiesByVariant, skuOf } from './variants.repository.js';

describe('quantitiesByVariant', () => {
  it('adds up the lines of each variant and lists them by product, then variant id', () => {
    const lines = [
      { productId: 9, variantId: 40, quantity: 1 },
      { productId: 3, variantId: 12, quantity: 2 },
      { productId: 9, variantId: 31, quantity: 4 },
      { productId: 9, variantId: 40, quantity: 2 },
      { productId: 5, variantId: null, quantity: 1 },
    ];
    expect(quantitiesByVariant(lines)).toEqual([
      { productId: 3, variantId: 12, quantity: 2 },
      { productId: 9, variantId: 31, quantity: 4 },
      { productId: 9, variantId: 40, quantity: 3 },
    ]);
  });
});

describe('variants', () => {
  it('share stock out evenly, the first ones one more, adding up to the whole', () => {
    expect(evenShares(40, 12)).toEqual([4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(evenShares(3, 2)).toEqual([2, 1]);
    expect(evenShares(0, 3)).toEqual([0, 0, 0]);
    for (const [total, count] of [
      [7, 1],
      [999, 7],
      [5, 9],
    ] as const)
      expect(evenShares(total, count).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('get SKUs from the product and its colour and size', () => {
    expect(skuOf(12, 'Blue', 'L')).toBe('P12-BLUE-L');
    expect(skuOf(12, 'Light blue!', null)).toBe('P12-LIGHT-BLUE');
    expect(skuOf(7, null, null)).toBe('P7');
    expect(skuOf(7, '★', '42')).toBe('P7-42');
  });
});
