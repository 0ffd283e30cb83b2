import type { ProductVariant } from '@portal/contracts';

const same = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * Whether a colour (or size) can be bought (issue 25): some variant with it is in stock — with the
 * size (or colour) already chosen, when one is. A product answered without variants (an older
 * server) has every choice open; the server still checks.
 */
export function canBuy(
  variants: ProductVariant[] | undefined,
  category: 'color' | 'size',
  value: string,
  chosen: { color: string; size: string },
): boolean {
  if (!variants?.length) return true;
  const other = category === 'color' ? 'size' : 'color';
  return variants.some(
    (variant) => variant.in_stock && same(variant[category], value) && (!chosen[other] || same(variant[other], chosen[other])),
  );
}

/** The variant of a whole choice (both chosen, or the product's only kind of option), if there is one. */
export function variantOf(
  variants: ProductVariant[] | undefined,
  chosen: { color: string; size: string },
  has: { colors: boolean; sizes: boolean },
): ProductVariant | undefined {
  if ((has.colors && !chosen.color) || (has.sizes && !chosen.size)) return undefined;
  return variants?.find(
    (variant) => (!has.colors || same(variant.color, chosen.color)) && (!has.sizes || same(variant.size, chosen.size)),
  );
}

/**
 * The pictures of a product, the chosen colour's first (issue 25): those of the colour, then those
 * of every colour, then the others; without a colour chosen, as the shop keeps them.
 */
export function picturesFor(pictures: { image: string; color: string | null }[], color: string): string[] {
  if (!color) return pictures.map((picture) => picture.image);
  const rank = (picture: { color: string | null }) => (picture.color === null ? 1 : same(picture.color, color) ? 0 : 2);
  return [...pictures].sort((a, b) => rank(a) - rank(b)).map((picture) => picture.image);
}
