import type { AccountDataRegistry } from './account-data/account-data.js';
import type { AuthUser } from './auth-user.js';
import type { Readiness } from './health.routes.js';
import type { PublicCacheRoute } from './public-cache.js';
import type { ErrorShape } from './error-shapes.js';
import type { PortalMetrics } from './metrics/metrics.js';
import type { Scheduler } from './scheduler.js';
import type { ValidationShape } from './validation-shape.js';
import type { WriteLimitRoute } from './write-limits.js';

/** How a route treats the Authorization header. */
export type AuthMode =
  /** Ignore it entirely (token endpoints, webhooks): a stale token must not get in the way. */
  | 'none'
  /** Anonymous is fine; a bad token is still a 401, so the client refreshes (contract §1.2). */
  | 'optional'
  /** A valid token is required. */
  | 'required';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    validationShape?: ValidationShape;
    /** How the route answers domain errors; DRF's `{"detail"}` when neither it nor its plugin names one. */
    errorShape?: ErrorShape;
    /** Every error body of the route also carries `message` (the AI lab's client reads only that key). */
    messageErrors?: boolean;
    /** A per-account write limit (RATE_LIMITS, WRITE_LIMIT_*), taken before the handler runs. */
    writeLimit?: WriteLimitRoute;
    /** Anonymous answers are served from memory until their scope changes (issue 12.3). */
    publicCache?: PublicCacheRoute;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The version of the route's cache scope when the request arrived (public-cache.ts). */
    cacheVersion?: number;
    /** The public cache's key of this request (its absolute URL), computed once by the cache's onRequest hook. */
    cacheKey?: string;
  }
  interface FastifyInstance {
    /** The scheduled jobs, so tests (and operators) can run one now. */
    scheduler: Scheduler;
    /** Every domain's share of a member's data (issue 26), so a test can check that each table is covered. */
    accountData: AccountDataRegistry;
    /** Whether the instance takes new work (/readyz); turned off when shutting down. */
    readiness: Readiness;
    /** This instance's metrics (`/metrics`): sockets count themselves here. */
    metrics: PortalMetrics;
    /**
     * The public cache's versions of what the answers of these API paths show, as one string: it
     * changes whenever one of them may have changed (core/public-cache.ts).
     */
    contentVersion(paths: readonly string[]): string;
  }
}
