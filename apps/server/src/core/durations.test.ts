import { describe, expect, it } from 'vitest';
import { parseDuration, parseSize } from './durations.js';

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['10m', 600_000],
    ['2h', 7_200_000],
    ['7d', 604_800_000],
    ['45', 45_000],
    ['1.5m', 90_000],
  ])('%s → %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'soon', '-5s', '0', '10 minutes', '5w'])('rejects %j', (text) => expect(parseDuration(text)).toBeUndefined());
});

describe('parseSize', () => {
  it('reads bytes, kb, mb, gb', () => {
    expect(parseSize('512')).toBe(512);
    expect(parseSize('64kb')).toBe(65_536);
    expect(parseSize('1MB')).toBe(1_048_576);
    expect(parseSize('1gb')).toBe(1_073_741_824);
    expect(parseSize('1.5mb')).toBeUndefined();
    expect(parseSize('0')).toBeUndefined();
  });
});
