import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes';

describe('formatBytes', () => {
  it('says bytes, KB or MB', () => {
    expect(formatBytes(980)).toBe('980 bytes');
    expect(formatBytes(12_400)).toBe('12 KB');
    expect(formatBytes(3_420_000)).toBe('3.4 MB');
  });
});
