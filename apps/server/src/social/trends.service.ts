import type { Trend } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { createHashtagsRepository } from './hashtags.repository.js';

export const TRENDS_JOB = 'social-trends';
export const TRENDS_INTERVAL_MS = 10 * 60_000;
const WINDOW_MS = 24 * 3_600_000;
const TOP = 10;
/** When nothing was tagged in the window, the tags of this many recent tagged posts stand in. */
const QUIET_FALLBACK_POSTS = 20;
/** Changes are picked up on demand, but at most this often; the job refreshes the rest. */
const MIN_RECOMPUTE_GAP_MS = 5_000;

/**
 * Contract §5.8: the top tags of the last 24 hours of listed (public, not hidden) posts, kept in a
 * table by a scheduled job, and recomputed when read if they are stale.
 */
export function createTrendsService({ db, scheduler }: Pick<Deps, 'db' | 'scheduler'>) {
  const repo = createHashtagsRepository(db);

  return {
    /** Computes the trends again; true when they changed (what the public answers show). */
    async recompute(now = new Date()): Promise<boolean> {
      let rows = await repo.topSince(new Date(now.getTime() - WINDOW_MS), TOP);
      if (rows.length === 0) rows = await repo.recentlyUsed(QUIET_FALLBACK_POSTS, TOP);
      return db.transaction((tx) => createHashtagsRepository(tx).replaceTrends(rows, now));
    },

    async list(): Promise<Trend[]> {
      const { computedAt, changedAt } = await repo.trendsState();
      const age = computedAt ? Date.now() - computedAt.getTime() : Number.POSITIVE_INFINITY;
      const changed = changedAt !== null && computedAt !== null && changedAt > computedAt;
      if (age > TRENDS_INTERVAL_MS || (changed && age > MIN_RECOMPUTE_GAP_MS)) await scheduler.runNow(TRENDS_JOB);
      return repo.listTrends();
    },

    /** Listed tagged posts changed (created, deleted, hidden): the trends are stale. */
    changed: () => repo.markTrendsChanged(),
  };
}

export type TrendsService = ReturnType<typeof createTrendsService>;
