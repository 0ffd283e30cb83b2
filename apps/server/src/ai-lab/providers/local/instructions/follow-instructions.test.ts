import { describe, expect, it } from 'vitest';
import { followInstructions, readInstructions } from './follow-instructions.js';

const reply = 'Coffee is a hug in a mug. Tea is its calmer cousin.';

describe('the built-in engine and the person’s instructions', () => {
  it('calls the person by the name they give', () => {
    expect(followInstructions(reply, 'Please call me Ana and be nice.')).toBe(`Here you go, Ana. ${reply}`);
    expect(readInstructions("I'm Bruno, a teacher").name).toBe('Bruno');
  });

  it('answers with one sentence when asked to be brief', () => {
    expect(followInstructions(reply, 'Keep answers short.')).toBe('Coffee is a hug in a mug.');
  });

  it('says it only speaks English when asked for another language', () => {
    expect(followInstructions(reply, 'Always answer in French')).toBe(
      `${reply} (You asked for French, but the built-in engine only speaks English.)`,
    );
    expect(followInstructions(reply, 'Answer in English please')).toBe(reply);
  });

  it('ignores what it cannot honour', () => {
    expect(followInstructions(reply, 'Be a pirate')).toBe(reply);
    expect(followInstructions(reply, undefined)).toBe(reply);
  });
});
