/** Words shorter than this are left as typed: swapping letters of "xl" or "tee" finds noise. */
const MIN_WORD_LENGTH = 4;

/**
 * The text as typed plus each spelling one swap of two neighbouring letters away ("oragnic" →
 * "organic"), capped: trigram similarity forgives missing and doubled letters but scores a
 * transposition too low, so the search also compares these spellings.
 */
export function transpositionSpellings(text: string, max = 24): string[] {
  const spellings = [text];
  const words = text.split(' ');
  words.forEach((word, index) => {
    if (word.length < MIN_WORD_LENGTH) return;
    for (let i = 0; i + 1 < word.length && spellings.length < max; i += 1) {
      const [a, b] = [word[i]!, word[i + 1]!];
      if (a.toLowerCase() === b.toLowerCase() || !/\p{L}/u.test(a) || !/\p{L}/u.test(b)) continue;
      const swapped = word.slice(0, i) + b + a + word.slice(i + 2);
      spellings.push([...words.slice(0, index), swapped, ...words.slice(index + 1)].join(' '));
    }
  });
  return [...new Set(spellings)].slice(0, max);
}
