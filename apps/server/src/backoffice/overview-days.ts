/** A UTC day as `YYYY-MM-DD`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;

/** How long the overview reuses the figures of the days before today (issue 24). */
export const CLOSED_DAYS_TTL_MS = 60_000;

/**
 * Issue 24: the overview's days before today, read at most once a minute per instance, and today's
 * on every request. Summing a month of payments and AI questions on each visit grew with the shop
 * (17,000 and 26,000 rows at 100×); past days change only by a refund or a deletion, which then
 * shows within the minute, while today's sales and sign-ups are always current.
 */
export function createDailyFigures<Row>(
  read: (first: string, last: string) => Promise<Row[]>,
  { days, ttlMs = CLOSED_DAYS_TTL_MS, now = () => new Date() }: { days: number; ttlMs?: number; now?: () => Date },
) {
  let closed: { today: string; readAt: number; rows: Promise<Row[]> } | undefined;

  function closedDays(at: Date, today: string): Promise<Row[]> {
    if (!closed || closed.today !== today || at.getTime() - closed.readAt >= ttlMs) {
      const rows = read(utcDay(new Date(at.getTime() - (days - 1) * DAY_MS)), utcDay(new Date(at.getTime() - DAY_MS)));
      const entry = { today, readAt: at.getTime(), rows };
      closed = entry;
      // A failed read is not kept: the next visit asks again.
      rows.catch(() => {
        if (closed === entry) closed = undefined;
      });
    }
    return closed.rows;
  }

  return async (): Promise<Row[]> => {
    const at = now();
    const today = utcDay(at);
    const [before, current] = await Promise.all([closedDays(at, today), read(today, today)]);
    return [...before, ...current];
  };
}
