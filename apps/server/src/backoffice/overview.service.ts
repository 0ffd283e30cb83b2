import type { BoOverview } from '@portal/contracts';
import { BACKUP_JOB } from '../core/backup/backup.service.js';
import { createBackupRunsRepository } from '../core/backup/backup-runs.repository.js';
import type { Deps } from '../core/deps.js';
import { createDailyFigures } from './overview-days.js';
import { createOverviewRepository, OVERVIEW_DAYS } from './overview.repository.js';

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** The back office's first page: what happened today, this week and this month. */
const WEEK_MS = 7 * 86_400_000;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createOverviewService({ db, config, scheduler }: Pick<Deps, 'db' | 'config' | 'scheduler'>) {
  const repo = createOverviewRepository(db);
  const backupRuns = createBackupRunsRepository(db);
  const daily = createDailyFigures(repo.daily, { days: OVERVIEW_DAYS });

  async function backups(): Promise<BoOverview['backups']> {
    const [[last], summary] = await Promise.all([backupRuns.latest(1), backupRuns.summary(new Date(Date.now() - WEEK_MS))]);
    return {
      schedule: config.backups.schedule ?? null,
      next_run: iso(scheduler.nextRun(BACKUP_JOB) ?? null),
      last_run: last
        ? {
            status: last.status === 'failed' ? 'failed' : 'ok',
            trigger: last.trigger === 'schedule' ? 'schedule' : 'command',
            started_at: last.startedAt.toISOString(),
            finished_at: iso(last.finishedAt),
            file: last.file,
            bytes: last.bytes,
            uploaded_to: last.uploadedTo,
            error: last.error,
          }
        : null,
      last_success: summary.last_ok
        ? { finished_at: iso(summary.last_ok.finished_at)!, file: summary.last_ok.file, bytes: Number(summary.last_ok.bytes) }
        : null,
      failures_last_7_days: summary.failures,
    };
  }

  return {
    async overview(): Promise<BoOverview> {
      const [days, counts, backupStatus] = await Promise.all([daily(), repo.counts(), backups()]);
      const last = (n: number) => days.slice(-n);
      const sum = (n: number, pick: (day: (typeof days)[number]) => number) =>
        last(n).reduce((total, day) => total + pick(day), 0);
      const periods = (pick: (day: (typeof days)[number]) => number) => ({
        today: sum(1, pick),
        last_7_days: sum(7, pick),
        last_30_days: sum(30, pick),
      });
      const sales = periods((day) => cents(day.sales));
      return {
        sales: { today: money(sales.today), last_7_days: money(sales.last_7_days), last_30_days: money(sales.last_30_days) },
        orders: periods((day) => day.orders),
        orders_to_ship: counts.orders_to_ship,
        low_stock: counts.low_stock,
        open_reports: counts.open_reports,
        new_accounts: periods((day) => day.new_accounts),
        ai_lab_requests: periods((day) => day.ai_lab_requests),
        backups: backupStatus,
        daily: days.map((day) => ({
          date: day.day,
          sales: day.sales,
          orders: day.orders,
          new_accounts: day.new_accounts,
          ai_lab_requests: day.ai_lab_requests,
        })),
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
