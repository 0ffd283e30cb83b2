import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/client.js';
import { createBackupRunsRepository } from '../backup/backup-runs.repository.js';
import { createHttpMetrics } from './http-metrics.js';

/** Which part of the portal a bus channel belongs to (`chat:…` → chat): a bounded label. */
export const channelKind = (channel: string) => channel.split(':', 1)[0]!;

/**
 * The portal's Prometheus metrics (issue 26), one registry per app: what `/metrics` answers.
 * Counters read on every request are plain numbers turned into series at scrape time; the rest
 * are prom-client's metrics, updated where things happen (sockets, events, jobs, backups, mail).
 */
export function createMetrics({ database }: { database: Pick<DatabaseHandle, 'poolState' | 'db'> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const http = createHttpMetrics(registry);
  const registers = [registry];

  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Connections of this instance to PostgreSQL, by state (in_use, idle).',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = database.poolState();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Requests waiting for a free connection of the pool.',
    registers,
    collect() {
      this.set(database.poolState().waiting);
    },
  });
  const statementTimeouts = new Counter({
    name: 'portal_db_statement_timeouts_total',
    help: 'Statements given up on after DATABASE_QUERY_TIMEOUT (or cancelled by a statement_timeout).',
    registers,
  });
  let reportedTimeouts = 0;
  new Gauge({
    name: 'portal_db_pool_max',
    help: 'The pool size (DATABASE_POOL_SIZE).',
    registers,
    collect() {
      const pool = database.poolState();
      this.set(pool.max);
      statementTimeouts.inc(pool.statementTimeouts - reportedTimeouts);
      reportedTimeouts = pool.statementTimeouts;
    },
  });

  const cache = { hit: new Map<string, number>(), miss: new Map<string, number>() };
  new Counter({
    name: 'portal_public_cache_requests_total',
    help: 'Anonymous reads of cached public routes, by scope and result (hit: answered from memory; miss: made and stored).',
    labelNames: ['scope', 'result'],
    registers,
    collect() {
      this.reset();
      for (const [result, counts] of Object.entries(cache)) {
        for (const [scope, value] of counts) this.inc({ scope, result }, value);
      }
    },
  });

  const socketsOpen = new Gauge({
    name: 'portal_sockets_open',
    help: 'Websockets open on this instance, by kind (chat, notification, ai_realtime).',
    labelNames: ['kind'],
    registers,
  });
  const socketsOpened = new Counter({
    name: 'portal_sockets_opened_total',
    help: 'Websockets accepted, by kind.',
    labelNames: ['kind'],
    registers,
  });
  const eventsPublished = new Counter({
    name: 'portal_events_published_total',
    help: 'Events this instance published on the bus, by channel kind (chat, notifications, sessions, content).',
    labelNames: ['channel'],
    registers,
  });
  const eventsReceived = new Counter({
    name: 'portal_events_received_total',
    help: "Events delivered to this instance's subscribers, by channel kind.",
    labelNames: ['channel'],
    registers,
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Scheduled job runs on this instance, by job and result (ok, failed, skipped: another instance had it).',
    labelNames: ['job', 'result'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'How long scheduled jobs ran, by job.',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 1, 10, 60, 600, 3600],
    registers,
  });
  const backups = new Counter({
    name: 'portal_backups_total',
    help: 'Backups this instance made (scheduled or not), by result (ok, failed).',
    labelNames: ['result'],
    registers,
  });
  // From the record of runs (any instance, the command line too), so every instance tells the same and a restart forgets nothing.
  const backupRuns = createBackupRunsRepository(database.db);
  let lastOk: Promise<{ at: number; bytes: number } | undefined> | undefined;
  const lastBackup = () =>
    (lastOk ??= backupRuns
      .summary(new Date())
      .then(({ last_ok }) => (last_ok ? { at: Date.parse(last_ok.finished_at) / 1000, bytes: Number(last_ok.bytes) } : undefined))
      .catch(() => undefined)
      .finally(() => setTimeout(() => (lastOk = undefined), 1_000).unref()));
  new Gauge({
    name: 'portal_backup_last_success_timestamp_seconds',
    help: 'When the last successful backup ended (Unix time; 0 when there is none), from the record of runs shared by all instances.',
    registers,
    async collect() {
      this.set((await lastBackup())?.at ?? 0);
    },
  });
  new Gauge({
    name: 'portal_backup_last_size_bytes',
    help: 'Size of the last successful backup archive.',
    registers,
    async collect() {
      this.set((await lastBackup())?.bytes ?? 0);
    },
  });
  const emails = new Counter({
    name: 'portal_emails_total',
    help: 'Emails handed to the mailer (SMTP or the outbox), by result (sent, failed).',
    labelNames: ['result'],
    registers,
  });

  return {
    registry,
    http,
    publicCache(scope: string, hit: boolean) {
      const counts = hit ? cache.hit : cache.miss;
      counts.set(scope, (counts.get(scope) ?? 0) + 1);
    },
    /** Counts a socket open until it closes. */
    socketOpened(kind: string, socket: { once(event: 'close', listener: () => void): unknown }) {
      socketsOpened.inc({ kind });
      socketsOpen.inc({ kind });
      socket.once('close', () => socketsOpen.dec({ kind }));
    },
    eventPublished: (channel: string) => eventsPublished.inc({ channel: channelKind(channel) }),
    eventReceived: (channel: string) => eventsReceived.inc({ channel: channelKind(channel) }),
    jobRun(job: string, result: 'ok' | 'failed' | 'skipped', seconds: number) {
      jobRuns.inc({ job, result });
      if (result !== 'skipped') jobDuration.observe({ job }, seconds);
    },
    backup(result: 'ok' | 'failed') {
      backups.inc({ result });
      lastOk = undefined; // this instance's own run shows at its next scrape, not a second later
    },
    email: (result: 'sent' | 'failed') => emails.inc({ result }),
  };
}

export type PortalMetrics = ReturnType<typeof createMetrics>;
