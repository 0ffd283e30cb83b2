import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { AccountDataRegistry } from './account-data/account-data.js';
import type { Authenticator } from './auth-user.js';
import type { Config } from './config.js';
import type { CounterStore } from './counters/counter-store.js';
import type { EventBus } from './events/event-bus.js';
import type { ExpensiveReads } from './expensive-reads.js';
import type { Mailer } from './mail/mailer.js';
import type { MediaStorage } from './media/media-storage.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import type { BackupService } from './backup/backup.service.js';
import type { PortalMetrics } from './metrics/metrics.js';
import type { Scheduler } from './scheduler.js';

/** Runs after a successful shop login, e.g. to merge the guest cart into the user's cart. */
export type ShopLoginHook = (accountId: number, cartId: string | number | null | undefined) => Promise<void>;

/**
 * The adapters and shared services every domain plugin receives, chosen once at start by `app.ts`.
 * Core defines this and imports no domain: what a domain offers the others is in its `index.ts`.
 */
export interface Deps {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  /** Searches and other reads whose cost grows with the data: on their own pool, limited, timed out (issue 24). */
  expensiveReads: ExpensiveReads;
  log: FastifyBaseLogger;
  mailer: Mailer;
  media: MediaStorage;
  counters: CounterStore;
  /** Events between parts of the portal and across instances (in-process, or Redis pub/sub). */
  events: EventBus;
  scheduler: Scheduler;
  /** This instance's Prometheus metrics (`/metrics`). */
  metrics: PortalMetrics;
  /** Backups of the database and media (BACKUP_*), scheduled or on demand. */
  backups: BackupService;
  /** Who a bearer or `Token` header belongs to (the auth domain's session service, seen from core). */
  authenticator: Authenticator;
  /** Set when `REDIS_URL` is; shared by every Redis-backed adapter. */
  redis: Redis | undefined;
  /** The signing secret of this installation (tokens, links). */
  secret: string;
  /** Card payments: Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
  payments: PaymentProvider;
  /** Run after a successful shop login (the shop merges the guest cart there). */
  shopLoginHooks: ShopLoginHook[];
  /** Each domain's share of a member's data: what it exports and how it erases it (issue 26). */
  accountData: AccountDataRegistry;
}
