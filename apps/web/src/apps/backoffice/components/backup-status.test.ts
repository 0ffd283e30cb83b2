import { describe, expect, it } from 'vitest';
import { backupStatus, formatBytes } from './backup-status';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ok = {
  status: 'ok' as const,
  trigger: 'schedule' as const,
  started_at: '2026-11-27T03:00:00.000Z',
  finished_at: '2026-11-27T03:00:04.000Z',
  file: '/data/backups/portal-backup-2026-11-27T030000Z.tar.gz',
  bytes: 12_900_000,
  uploaded_to: '',
  error: '',
};
const backups = {
  schedule: '0 3 * * *',
  next_run: '2026-11-28T03:00:00.000Z',
  last_run: ok,
  last_success: { finished_at: ok.finished_at, file: ok.file, bytes: ok.bytes },
  failures_last_7_days: 0,
};

describe('the overview backup card', () => {
  it('shows the last good backup, its size, the next run and the failures', () => {
    const status = backupStatus(backups, NOW);
    expect(status.detail).toMatch(/^12\.3 MB · next: .* · failures in 7 days: 0$/);
    expect(status.problem).toBeUndefined();
  });

  it('warns when the last run failed, when backups are late, and when there are none', () => {
    expect(backupStatus({ ...backups, last_run: { ...ok, status: 'failed', error: 'disk full' } }, NOW).problem).toEqual({
      severity: 'error',
      text: 'The last backup failed: disk full',
    });
    expect(backupStatus(backups, NOW + 3 * 86_400_000).problem?.severity).toBe('warning');
    expect(backupStatus({ ...backups, last_run: null, last_success: null }, NOW)).toMatchObject({
      value: 'None yet',
      problem: { severity: 'warning', text: 'No backup has been made yet.' },
    });
    // Off: nothing is late.
    expect(backupStatus({ ...backups, schedule: null, next_run: null, last_run: null, last_success: null }, NOW)).toMatchObject({
      detail: 'scheduled backups are off · failures in 7 days: 0',
      problem: undefined,
    });
  });

  it('writes sizes as people read them', () => {
    expect([formatBytes(500), formatBytes(860_000), formatBytes(5 * 1024 ** 3)]).toEqual(['1 KB', '840 KB', '5.00 GB']);
  });
});
