import { Invalid } from '../core/domain-errors.js';
import type { VariationRow } from './catalogue.repository.js';

const WORDS = { color: 'colour', size: 'size' } as const;

function list(values: string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/**
 * Contract §8.7: `color` and `size` are matched case-insensitively against the product's active
 * variations. A product that has colours (or sizes) needs a valid choice of each. Returns the
 * chosen variation ids, sorted, so that the same choice is always the same cart line.
 */
export function chooseVariations(
  productName: string,
  active: VariationRow[],
  choice: { color?: string | null | undefined; size?: string | null | undefined },
): number[] {
  const chosen: number[] = [];
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
    chosen.push(match.id);
  }
  return chosen.sort((a, b) => a - b);
}
