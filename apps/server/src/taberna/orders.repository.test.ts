import { describe, expect, it } from 'vitest';
import { quantitiesByProduct } from './orders.repository.js';

describe('quantitiesByProduct', () => {
  it('adds up the lines of each product and lists products in id order', () => {
    const lines = [
      { productId: 9, quantity: 1 },
      { productId: 3, quantity: 2 },
      { productId: 9, quantity: 4 },
      { productId: 5, quantity: 1 },
    ];
    expect(quantitiesByProduct(lines)).toEqual([
      [3, 2],
      [5, 1],
      [9, 5],
    ]);
  });
});
