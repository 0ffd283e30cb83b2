import { describe, expect, it } from 'vitest';
import { backupFileDate, backupFileName } from './backup-manifest.js';
import { backupsToDelete, parseKeepPolicy } from './retention.js';

/** A backup at 03:00 local time, `daysAgo` days before 2026-11-27 (a Friday). */
const at = (daysAgo: number, hour = 3) => ({ date: new Date(2026, 10, 27 - daysAgo, hour), name: `${daysAgo}d${hour}h` });
const names = (backups: { name: string }[]) => backups.map((backup) => backup.name);

describe('BACKUP_KEEP', () => {
  it('reads terms: n newest, and the newest per hour, day, week or month', () => {
    expect(parseKeepPolicy('7d,4w')).toEqual({ last: 0, hourly: 0, daily: 7, weekly: 4, monthly: 0 });
    expect(parseKeepPolicy(' 2 + 3h, 1M ')).toEqual({ last: 2, hourly: 3, daily: 0, weekly: 0, monthly: 1 });
    expect(parseKeepPolicy('ALL')).toBe('all');
    for (const bad of ['', '0', '7y', 'd7', '7d;4w', '12345d']) expect(parseKeepPolicy(bad)).toBeUndefined();
  });

  it('keeps the newest backup of each of the last 7 days and 4 weeks, and lets the rest go, oldest first', () => {
    // 40 nightly backups, plus a second one on the newest day.
    const backups = [...Array.from({ length: 40 }, (_, index) => at(index)), at(0, 15)];
    const deleted = backupsToDelete(backups, parseKeepPolicy('7d,4w')!);
    const kept = backups.filter((backup) => !deleted.includes(backup));
    // Today's newest (15:00), the six days before; then the Sundays closing the three weeks before this one.
    expect(names(kept).sort()).toEqual(['0d15h', '1d3h', '2d3h', '3d3h', '4d3h', '5d3h', '6d3h', '12d3h', '19d3h'].sort());
    expect(deleted[0]).toBe(backups[39]);
    expect(deleted.at(-1)).toBe(backups[0]);
  });

  it('keeps everything with all, and always the newest backup', () => {
    const backups = [at(3), at(2), at(1)];
    expect(backupsToDelete(backups, 'all')).toEqual([]);
    expect(names(backupsToDelete(backups, parseKeepPolicy('1')!))).toEqual(['3d3h', '2d3h']);
    expect(backupsToDelete([], parseKeepPolicy('1')!)).toEqual([]);
  });

  it('names backup files by their UTC time and reads the time back; other files are not backups', () => {
    const date = new Date('2026-11-27T03:00:05.123Z');
    expect(backupFileName(date)).toBe('portal-backup-2026-11-27T030005Z.tar.gz');
    expect(backupFileDate(backupFileName(date))?.toISOString()).toBe('2026-11-27T03:00:05.000Z');
    for (const other of ['notes.txt', 'portal-backup-2026-11-27T030005Z.tar.gz.partial', 'portal-backup-x.tar.gz']) {
      expect(backupFileDate(other)).toBeUndefined();
    }
  });
});
