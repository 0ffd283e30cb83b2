import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CounterStore } from './counters/counter-store.js';
import { tooManyRequests } from './errors.js';

/** The writes a person may make only so often (finding 13.7). */
export const WRITE_ACTIONS = ['post', 'comment', 'like', 'report', 'friendRequest', 'chatMessage', 'review', 'scene'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];

export interface Rate {
  count: number;
  windowMs: number;
}

/** How a route words a refusal: the key its client reads for errors (contract §1.4). */
export type WriteLimitShape = 'error' | 'detail';

export interface WriteLimitRoute {
  action: WriteAction;
  shape: WriteLimitShape;
}

const WHAT: Record<WriteAction, string> = {
  post: 'posts',
  comment: 'comments',
  like: 'likes',
  report: 'reports',
  friendRequest: 'friend requests',
  chatMessage: 'messages',
  review: 'reviews',
  scene: 'scene saves',
};

export const RATE_LIMITS_OFF_WARNING =
  'RATE_LIMITS=off: posts, comments, likes, reports, friend requests, chat messages, reviews and scene saves are not rate-limited.';

export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Per-account write limits in fixed windows, in the shared counter store (Redis when REDIS_URL is set). */
export function createWriteLimiter(counters: CounterStore, rates: Record<WriteAction, Rate>) {
  return {
    /** Counts one write of the account, or refuses it with 429, `Retry-After` and the route's error shape. */
    async take(action: WriteAction, accountId: number, shape: WriteLimitShape): Promise<void> {
      const rate = rates[action];
      const { count, resetInMs } = await counters.increment(`write:${action}:${accountId}`, rate.windowMs);
      if (count <= rate.count) return;
      const message = `Too many ${WHAT[action]}. Try again in ${waitWords(resetInMs)}.`;
      throw tooManyRequests(shape === 'error' ? { error: message } : { detail: message }, resetInMs / 1000);
    },
  };
}

/**
 * Routes opt in with `config: { writeLimit: { action, shape } }`; the limit is taken once the caller
 * is known and the input valid. With `rates` undefined (RATE_LIMITS=off) nothing is limited.
 */
export const writeLimitsPlugin = fp(
  async (app: FastifyInstance, { counters, rates }: { counters: CounterStore; rates: Record<WriteAction, Rate> | undefined }) => {
    if (!rates) {
      app.log.warn(RATE_LIMITS_OFF_WARNING);
      return;
    }
    const limiter = createWriteLimiter(counters, rates);
    // Only on the routes with a limit (issue 12: the others get no promise for nothing).
    app.addHook('onRoute', (route) => {
      const limit = route.config?.writeLimit;
      if (!limit) return;
      const take = async (request: FastifyRequest) => {
        if (request.user) await limiter.take(limit.action, request.user.accountId, limit.shape);
      };
      route.preHandler = [take, ...[route.preHandler ?? []].flat()];
    });
  },
  { name: 'write-limits', dependencies: ['authenticate'] },
);
