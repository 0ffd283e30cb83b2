import type { BoOverview } from '@portal/contracts';
import { formatDateTime } from './format-date';

type Backups = BoOverview['backups'];

/** A size in bytes as people read it: "840 KB", "12.3 MB", "1.20 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** A scheduled backup older than this while backups are scheduled is a warning (a missed night or two). */
const STALE_MS = 48 * 3_600_000;

/** What the overview's backup card says: the figure, the line under it, and any warning. */
export function backupStatus(backups: Backups, now = Date.now()) {
  const last = backups.last_success;
  const value = last ? formatDateTime(last.finished_at) : 'None yet';
  const parts = [
    last ? formatBytes(last.bytes) : undefined,
    backups.schedule ? `next: ${formatDateTime(backups.next_run)}` : 'scheduled backups are off',
    `failures in 7 days: ${backups.failures_last_7_days}`,
  ].filter(Boolean);
  let problem: { severity: 'error' | 'warning'; text: string } | undefined;
  if (backups.last_run?.status === 'failed') {
    problem = { severity: 'error', text: `The last backup failed: ${backups.last_run.error || 'no reason given'}` };
  } else if (backups.schedule && (!last || now - new Date(last.finished_at).getTime() > STALE_MS)) {
    problem = { severity: 'warning', text: last ? 'No backup in the last two days.' : 'No backup has been made yet.' };
  }
  return { value, detail: parts.join(' · '), problem };
}
