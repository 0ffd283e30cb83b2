import type { BoOverview } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { createOverviewRepository } from './overview.repository.js';

const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const money = (value: number) => (value / 100).toFixed(2);

/** The back office's first page: what happened today, this week and this month. */
export function createOverviewService({ db }: Pick<Deps, 'db'>) {
  const repo = createOverviewRepository(db);

  return {
    async overview(): Promise<BoOverview> {
      const [days, counts] = await Promise.all([repo.daily(), repo.counts()]);
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
