import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  it('says "just now" under a minute (the contract sends "0 minutes", with a no-break space)', () => {
    expect(timeAgo('0\u00a0minutes')).toBe('just now');
    expect(timeAgo('0 minutes')).toBe('just now');
  });

  it('adds "ago" to every other time', () => {
    expect(timeAgo('1\u00a0minute')).toBe('1\u00a0minute ago');
    expect(timeAgo('10\u00a0minutes')).toBe('10\u00a0minutes ago');
    expect(timeAgo('2\u00a0days, 3\u00a0hours')).toBe('2\u00a0days, 3\u00a0hours ago');
  });
});
