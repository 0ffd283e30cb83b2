import { describe, expect, it } from 'vitest';
import { timesince } from './timesince.js';

const now = new Date('2026-03-07T14:05:09Z');
const ago = (seconds: number) => timesince(new Date(now.getTime() - seconds * 1000), now);

describe('timesince', () => {
  it('speaks like Django, with non-breaking spaces', () => {
    expect(ago(0)).toBe('0\u00a0minutes');
    expect(ago(59)).toBe('0\u00a0minutes');
    expect(ago(-300)).toBe('0\u00a0minutes');
    expect(ago(60)).toBe('1\u00a0minute');
    expect(ago(5 * 60 + 30)).toBe('5\u00a0minutes');
    expect(ago(3600 + 120)).toBe('1\u00a0hour, 2\u00a0minutes');
    expect(ago(2 * 86_400 + 3 * 3600)).toBe('2\u00a0days, 3\u00a0hours');
    expect(ago(8 * 86_400)).toBe('1\u00a0week, 1\u00a0day');
    expect(ago(14 * 86_400 + 60)).toBe('2\u00a0weeks');
    expect(ago(400 * 86_400)).toBe('1\u00a0year, 1\u00a0month');
  });
});
