import { describe, expect, it } from 'vitest';
import { documentBudget, fitDocuments, type StoredDocument } from './document-context.js';

const facts = { title: 't', firstSentence: 's', words: 1, topWords: [] };
const doc = (name: string, text: string): StoredDocument => ({ name, pages: 1, characters: text.length, text, summary: facts });

describe('documents in the model context', () => {
  it('leaves a quarter of the context for the answer and counts what else is sent', () => {
    expect(documentBudget(1000, { question: 'abc', history: [{ role: 'user', content: 'xy' }], instructions: 'z' })).toBe(
      2250 - 6,
    );
    expect(documentBudget(1, { question: 'a long question', history: [] })).toBe(0);
  });

  it('gives whole documents while they fit, then cuts with a note saying how much was given', () => {
    const [first, second, third] = fitDocuments([doc('a.txt', 'aaaa'), doc('b.pdf', 'bbbbbbbbbb'), doc('c.md', 'cc')], 8);
    expect(first).toMatchObject({ name: 'a.txt', text: 'aaaa' });
    expect(first!.cutNote).toBeUndefined();
    expect(second).toMatchObject({
      text: 'bbbb',
      cutNote: "[“b.pdf” was cut to fit the model's context: only its first 4 of 10 characters were given.]",
    });
    expect(third).toMatchObject({
      text: '',
      cutNote: "[“c.md” did not fit in the model's context: none of its 2 characters were given.]",
    });
  });
});
