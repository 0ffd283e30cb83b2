import type { FastifyRequest } from 'fastify';
import type { Deps } from '../core/deps.js';
import { RateLimited } from '../core/domain-errors.js';
import { waitWords } from '../core/write-limits.js';
import { callerOf } from './ai-route-config.js';

/** Who is asking: the account when logged in, and always the address. */
export interface AiCaller {
  accountId: number | null;
  ip: string;
}

export type AiBucket = 'ask' | 'upload';

// An address may be shared by many people (an office, a campus): logged-in people there get a wider pool.
const ADDRESS_FACTOR = 5;

/**
 * AI requests cost money with a provider, so each account and each address gets `count` of them
 * per window (AI_RATE_LIMIT). Anonymous callers share their address's allowance.
 */
export function createAiRateLimiter({ counters, config }: Pick<Deps, 'counters' | 'config'>) {
  const limit = config.ai.rateLimit;
  return {
    /** Counts one request, or refuses it with 429 and Retry-After. */
    async take(bucket: AiBucket, caller: AiCaller): Promise<void> {
      const [address, account] = await Promise.all([
        counters.increment(`ai:${bucket}:address:${caller.ip}`, limit.windowMs),
        caller.accountId === null ? undefined : counters.increment(`ai:${bucket}:account:${caller.accountId}`, limit.windowMs),
      ]);
      const addressLimit = caller.accountId === null ? limit.count : limit.count * ADDRESS_FACTOR;
      let waitMs = 0;
      if (account && account.count > limit.count) waitMs = Math.max(waitMs, account.resetInMs);
      if (address.count > addressLimit) waitMs = Math.max(waitMs, address.resetInMs);
      if (waitMs > 0) {
        const what = bucket === 'upload' ? 'picture uploads' : 'AI requests';
        throw new RateLimited(`Too many ${what}. Try again in ${waitWords(waitMs)}.`, waitMs / 1000);
      }
    },
  };
}

export type AiRateLimiter = ReturnType<typeof createAiRateLimiter>;

/** The caller of a request, once the limiter has counted it (429 beyond the allowance). */
export async function admittedCaller(limiter: AiRateLimiter, bucket: AiBucket, request: FastifyRequest): Promise<AiCaller> {
  const caller = callerOf(request);
  await limiter.take(bucket, caller);
  return caller;
}
