/**
 * BACKUP_KEEP: which backups the scheduled run keeps, as terms separated by commas (or `+`):
 *
 * - `<n>`: the n newest backups;
 * - `<n>h`, `<n>d`, `<n>w`, `<n>m`: the newest backup of each of the n most recent hours, days,
 *   ISO weeks (Monday first) or months that have one, in local time (restic's `--keep-hourly`,
 *   `--keep-daily`, `--keep-weekly`, `--keep-monthly`);
 * - `all`: every backup.
 *
 * A backup any term keeps is kept; the newest backup is always kept. Default `7d,4w`: one a day
 * for a week and one a week for four weeks.
 */
export type KeepPolicy = 'all' | { last: number; hourly: number; daily: number; weekly: number; monthly: number };

const UNIT_FIELDS = { h: 'hourly', d: 'daily', w: 'weekly', m: 'monthly' } as const;

export function parseKeepPolicy(text: string): KeepPolicy | undefined {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'all') return 'all';
  const policy = { last: 0, hourly: 0, daily: 0, weekly: 0, monthly: 0 };
  const terms = trimmed.split(/\s*[,+]\s*/);
  for (const term of terms) {
    const match = /^(\d{1,4})\s*([hdwm]?)$/.exec(term);
    if (!match) return undefined;
    const count = Number(match[1]);
    if (count < 1) return undefined;
    const field = match[2] ? UNIT_FIELDS[match[2] as keyof typeof UNIT_FIELDS] : 'last';
    policy[field] += count;
  }
  return policy;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The ISO week of a local date, as `2026-W48` (the week's Thursday decides its year). */
function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${pad(week)}`;
}

const BUCKETS = {
  hourly: (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}`,
  daily: (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
  weekly: isoWeek,
  monthly: (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`,
} as const;

/** The backups (name and date) the policy lets go, oldest first; the rest are kept. */
export function backupsToDelete<T extends { date: Date }>(backups: T[], policy: KeepPolicy): T[] {
  if (policy === 'all' || backups.length === 0) return [];
  const newestFirst = [...backups].sort((a, b) => b.date.getTime() - a.date.getTime());
  const keep = new Set<T>([newestFirst[0]!, ...newestFirst.slice(0, policy.last)]);
  for (const [field, bucketOf] of Object.entries(BUCKETS) as [keyof typeof BUCKETS, (d: Date) => string][]) {
    let left = policy[field];
    let previous: string | undefined;
    for (const backup of newestFirst) {
      if (left === 0) break;
      const bucket = bucketOf(backup.date);
      if (bucket === previous) continue;
      previous = bucket;
      keep.add(backup);
      left -= 1;
    }
  }
  return newestFirst.filter((backup) => !keep.has(backup)).reverse();
}
