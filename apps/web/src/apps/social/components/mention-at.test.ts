import { describe, expect, it } from 'vitest';
import { mentionAt } from './mention-at';

describe('mentionAt', () => {
  it('finds the mention being typed at the caret', () => {
    expect(mentionAt('Hello @', 7)).toEqual({ start: 6, query: '' });
    expect(mentionAt('Hello @Ali', 10)).toEqual({ start: 6, query: 'ali' });
    expect(mentionAt('@bruno-co and more', 9)).toEqual({ start: 0, query: 'bruno-co' });
    expect(mentionAt('(@chl', 5)).toEqual({ start: 1, query: 'chl' });
  });

  it('finds none in an email address, after a space, or where the caret is not', () => {
    expect(mentionAt('rosa@exam', 9)).toBeNull();
    expect(mentionAt('Hello @ali and', 14)).toBeNull();
    expect(mentionAt('Hello @ali', 3)).toBeNull();
    expect(mentionAt('see x.test/@someone', 19)).toBeNull();
  });
});
