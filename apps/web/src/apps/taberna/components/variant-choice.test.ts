import { describe, expect, it } from 'vitest';
import type { ProductVariant } from '@portal/contracts';
import { canBuy, picturesFor, variantOf } from './variant-choice';

const variant = (color: string, size: string, in_stock: boolean, price: string | null = null): ProductVariant => ({
  color,
  size,
  sku: `${color}-${size}`,
  price,
  in_stock,
});
const variants = [
  variant('Blue', 'S', true, '25.00'),
  variant('Blue', 'L', false),
  variant('White', 'S', false),
  variant('White', 'L', false),
];

describe('choosing a variant', () => {
  it('offers a colour or size only while some combination with it is in stock', () => {
    expect(canBuy(variants, 'color', 'Blue', { color: '', size: '' })).toBe(true);
    expect(canBuy(variants, 'color', 'White', { color: '', size: '' })).toBe(false);
    expect(canBuy(variants, 'size', 'L', { color: 'Blue', size: '' })).toBe(false);
    expect(canBuy(variants, 'size', 's', { color: 'blue', size: '' })).toBe(true);
    expect(canBuy(variants, 'color', 'Blue', { color: '', size: 'L' })).toBe(false);
    expect(canBuy(undefined, 'color', 'Red', { color: '', size: '' })).toBe(true);
  });

  it('finds the variant of a whole choice', () => {
    const has = { colors: true, sizes: true };
    expect(variantOf(variants, { color: 'Blue', size: 'S' }, has)?.price).toBe('25.00');
    expect(variantOf(variants, { color: 'Blue', size: '' }, has)).toBeUndefined();
    expect(variantOf([variant('Teal', '', true)], { color: 'teal', size: '' }, { colors: true, sizes: false })?.sku).toBe(
      'Teal-',
    );
  });

  it("puts the chosen colour's pictures first, then those of every colour", () => {
    const pictures = [
      { image: 'main', color: null },
      { image: 'white', color: 'White' },
      { image: 'blue', color: 'Blue' },
    ];
    expect(picturesFor(pictures, 'Blue')).toEqual(['blue', 'main', 'white']);
    expect(picturesFor(pictures, '')).toEqual(['main', 'white', 'blue']);
  });
});
