import { describe, expect, it } from 'vitest';
import { firstSentenceOf, measureDocument } from './document-facts.js';

describe('what the built-in engine measures in a document', () => {
  it('finds the title, the first sentence, the word count and the most frequent words', () => {
    const text =
      '# Dragon care\n\nDragons need warm caves. Feed dragons twice a day! Dragons like gold, and caves keep gold safe.';
    expect(measureDocument(text, { kind: 'text', name: 'notes.md' })).toEqual({
      title: 'Dragon care',
      firstSentence: 'Dragons need warm caves.',
      words: 19,
      topWords: ['dragons', 'caves', 'gold', 'care', 'day'],
    });
  });

  it("prefers a PDF's own title and falls back to the file name", () => {
    expect(measureDocument('Hello.', { kind: 'pdf', name: 'a.pdf', metadataTitle: ' Annual  report ' }).title).toBe(
      'Annual report',
    );
    expect(measureDocument('Hello.', { kind: 'pdf', name: 'a.pdf' }).title).toBe('a.pdf');
  });

  it('cuts a sentence without an end, and does not end one at a decimal point', () => {
    expect(firstSentenceOf('Pi is 3.14 roughly. Then more.')).toBe('Pi is 3.14 roughly.');
    expect(firstSentenceOf('x'.repeat(300))).toHaveLength(200);
  });
});
