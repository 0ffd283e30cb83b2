import { Invalid } from '../core/domain-errors.js';
import type { VariationRow, VariantJson } from './catalogue.repository.js';

const WORDS = { color: 'colour', size: 'size' } as const;

function list(values: string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/** A choice of colour and size: the variation ids (sorted: the same choice is the same cart line) and which is which. */
export interface Choice {
  variationIds: number[];
  colorId: number | null;
  sizeId: number | null;
}

/**
 * Contract §8.7: `color` and `size` are matched case-insensitively against the product's active
 * variations. A product that has colours (or sizes) needs a valid choice of each.
 */
export function chooseVariations(
  productName: string,
  active: VariationRow[],
  choice: { color?: string | null | undefined; size?: string | null | undefined },
): Choice {
  const chosen: Record<'color' | 'size', number | null> = { color: null, size: null };
  for (const category of ['color', 'size'] as const) {
    const options = active.filter((variation) => variation.category === category);
    if (options.length === 0) continue;
    const wanted = choice[category]?.trim().toLowerCase() ?? '';
    const match = options.find((variation) => variation.value.toLowerCase() === wanted);
    if (!match) {
      const values = list(options.map((variation) => variation.value));
      throw new Invalid(
        wanted
          ? `${productName} does not come in ${WORDS[category]} "${choice[category]?.trim()}". Choose ${values}.`
          : `Choose a ${WORDS[category]} for ${productName}: ${values}.`,
      );
    }
    chosen[category] = match.id;
  }
  const variationIds = [chosen.color, chosen.size].filter((id): id is number => id !== null).sort((a, b) => a - b);
  return { variationIds, colorId: chosen.color, sizeId: chosen.size };
}

/** The colour and size ids of a line's variations (by their category). */
export function choiceOfLine(variationIds: number[], categories: Map<number, string>): Choice {
  const of = (category: string) => variationIds.find((id) => categories.get(id) === category) ?? null;
  return { variationIds, colorId: of('color'), sizeId: of('size') };
}

/** The variant of a choice among a product's variants. */
export const variantOf = <V extends Pick<VariantJson, 'colorId' | 'sizeId'>>(variants: V[], choice: Choice): V | undefined =>
  variants.find((variant) => variant.colorId === choice.colorId && variant.sizeId === choice.sizeId);

/** "Blue, L": what a variant is, for messages and receipts; empty for a product without options. */
export const variantLabel = (variant: { color?: string | null; size?: string | null }) =>
  [variant.color, variant.size].filter(Boolean).join(', ');
