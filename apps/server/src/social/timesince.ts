const CHUNKS: [seconds: number, unit: string][] = [
  [365 * 86_400, 'year'],
  [30 * 86_400, 'month'],
  [7 * 86_400, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

const NBSP = '\u00a0';

function unit(count: number, name: string): string {
  return `${count}${NBSP}${name}${count === 1 ? '' : 's'}`;
}

/**
 * Django's `timesince` (contract §1.8): at most two adjacent units, number and unit joined by a
 * non-breaking space, "0 minutes" under a minute and for times in the future.
 */
export function timesince(then: Date, now: Date = new Date()): string {
  const since = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (since < 60) return unit(0, 'minute');
  const index = CHUNKS.findIndex(([seconds]) => Math.floor(since / seconds) > 0);
  const [seconds, name] = CHUNKS[index]!;
  const count = Math.floor(since / seconds);
  const next = CHUNKS[index + 1];
  if (!next) return unit(count, name);
  const rest = Math.floor((since - count * seconds) / next[0]);
  return rest > 0 ? `${unit(count, name)}, ${unit(rest, next[1])}` : unit(count, name);
}
