import { describe, expect, it, vi } from 'vitest';
import { CLOSED_DAYS_TTL_MS, createDailyFigures } from './overview-days.js';

/** A reader that answers one row per day asked for and records each range. */
function recordingReader() {
  const calls: [string, string][] = [];
  const read = vi.fn(async (first: string, last: string) => {
    calls.push([first, last]);
    const rows: string[] = [];
    for (
      let day = new Date(`${first}T00:00:00Z`);
      day <= new Date(`${last}T00:00:00Z`);
      day = new Date(day.getTime() + 86_400_000)
    ) {
      rows.push(day.toISOString().slice(0, 10));
    }
    return rows;
  });
  return { read, calls };
}

describe('the overview days (issue 24)', () => {
  it('answers 30 days ending today: the days before today read once a minute, today on every visit', async () => {
    let now = new Date('2026-11-27T10:00:00Z');
    const { read, calls } = recordingReader();
    const daily = createDailyFigures(read, { days: 30, now: () => now });

    const first = await daily();
    expect(first).toHaveLength(30);
    expect(first[0]).toBe('2026-10-29');
    expect(first.at(-1)).toBe('2026-11-27');
    expect(calls).toEqual([
      ['2026-10-29', '2026-11-26'],
      ['2026-11-27', '2026-11-27'],
    ]);

    now = new Date(now.getTime() + CLOSED_DAYS_TTL_MS - 1);
    expect(await daily()).toEqual(first);
    expect(calls.slice(2)).toEqual([['2026-11-27', '2026-11-27']]);

    now = new Date(now.getTime() + 1);
    await daily();
    expect(calls.slice(3)).toEqual([
      ['2026-10-29', '2026-11-26'],
      ['2026-11-27', '2026-11-27'],
    ]);
  });

  it('reads the past again when the day turns, even within the minute', async () => {
    let now = new Date('2026-11-27T23:59:50Z');
    const { read, calls } = recordingReader();
    const daily = createDailyFigures(read, { days: 30, now: () => now });
    await daily();
    now = new Date('2026-11-28T00:00:05Z');
    const days = await daily();
    expect(days[0]).toBe('2026-10-30');
    expect(days.at(-1)).toBe('2026-11-28');
    expect(calls.slice(2)).toEqual([
      ['2026-10-30', '2026-11-27'],
      ['2026-11-28', '2026-11-28'],
    ]);
  });

  it('shares one read between visits at the same moment and keeps no failed read', async () => {
    const now = new Date('2026-11-27T10:00:00Z');
    const read = vi.fn<(first: string, last: string) => Promise<string[]>>();
    read.mockRejectedValueOnce(new Error('statement timeout')).mockImplementation(async (first) => [first]);
    const daily = createDailyFigures(read, { days: 30, now: () => now });

    await expect(daily()).rejects.toThrow('statement timeout');
    await Promise.all([daily(), daily()]);
    const pastReads = read.mock.calls.filter(([first]) => first === '2026-10-29');
    // The failed read, then one shared by the two visits.
    expect(pastReads).toHaveLength(2);
  });
});
