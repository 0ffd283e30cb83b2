import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AI_SHARED_PAGE_PATH } from '@portal/contracts';
import './core/fastify-augment.js';
import { aiLabPlugin } from './ai-lab/ai-lab.plugin.js';
import { backofficePlugin } from './backoffice/backoffice.plugin.js';
import { appsManagerPlugin } from './apps-manager/apps-manager.plugin.js';
import { authPlugin } from './auth/auth.plugin.js';
import { hyper3dPlugin } from './hyper3d/hyper3d.plugin.js';
import { createSessionService } from './auth/index.js';
import { cachedAuthenticator } from './core/session-cache.js';
import { createAccountDataRegistry } from './core/account-data/account-data.js';
import { authenticatePlugin } from './core/authenticate.plugin.js';
import { warnOnUntrustedForwarding } from './core/client-info.js';
import { databaseOptions, type Config } from './core/config.js';
import type { CounterStore } from './core/counters/counter-store.js';
import { createMemoryCounterStore } from './core/counters/memory-counter-store.js';
import { createRedisCounterStore } from './core/counters/redis-counter-store.js';
import type { Deps } from './core/deps.js';
import type { EventBus } from './core/events/event-bus.js';
import { createMemoryEventBus } from './core/events/memory-event-bus.js';
import { createExpensiveReads } from './core/expensive-reads.js';
import { createRedisEventBus } from './core/events/redis-event-bus.js';
import { publicCachePlugin } from './core/public-cache.js';
import { registerErrorHandler } from './core/error-handler.js';
import { healthRoutes, refuseReadsWhileStopping } from './core/health.routes.js';
import { installationSecret } from './core/installation-secret.js';
import { loggerOptions, requestLoggerFactory } from './core/log-redaction.js';
import type { Mailer } from './core/mail/mailer.js';
import { createOutboxMailer } from './core/mail/outbox-mailer.js';
import { createSmtpMailer } from './core/mail/smtp-mailer.js';
import { createDiskMediaStorage, MEDIA_URL_PREFIX } from './core/media/disk-media-storage.js';
import { mediaProxyRoutes } from './core/media/media.routes.js';
import { openApiPlugin } from './core/openapi.plugin.js';
import { createPaymentProvider } from './core/payments/payment-provider-factory.js';
import { createScheduler } from './core/scheduler.js';
import { createBackupService, scheduleBackups } from './core/backup/backup.service.js';
import { countedEvents, countedMailer } from './core/metrics/instrument.js';
import { createMetrics } from './core/metrics/metrics.js';
import { metricsPlugin } from './core/metrics/metrics.plugin.js';
import { chooseProtocol } from './core/socket-auth.js';
import { followRequestOrigin } from './core/request-origin.js';
import { securityPlugin } from './core/security.plugin.js';
import { textGuardPlugin } from './core/text-guard.js';
import { webAppPlugin } from './core/web-app.plugin.js';
import { writeLimitsPlugin } from './core/write-limits.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { demoAccountsStep, demoStaffStep } from './seed/demo-accounts.js';
import { demoChatStep } from './seed/demo-chat.js';
import { demoSocialStep } from './seed/demo-social.js';
import { portalAppsStep } from './seed/portal-apps.js';
import { tabernaDemoStep } from './seed/demo-taberna.js';
import { runSeed, type SeedStep } from './seed/seed-runner.js';
import { notificationsPlugin } from './notifications/notifications.plugin.js';
import { socialPlugin } from './social/social.plugin.js';
import { tabernaPlugin } from './taberna/taberna.plugin.js';
import { createShopPagePreloads } from './taberna/page-preloads.js';

export interface AppOptions {
  config: Config;
  /** An open database to use instead of the configured one (tests); the app will not close it. */
  database?: DatabaseHandle;
  /**
   * The configured database, already being opened by the caller (main.ts starts the embedded
   * server while the app's modules load); the app owns it and closes it.
   */
  openingDatabase?: Promise<DatabaseHandle>;
  /** A mailer to use instead of the outbox or SMTP (tests). */
  mailer?: Mailer;
  /** An event bus to use instead of the configured one (tests running two instances in one process); the app will not close it. */
  events?: EventBus;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Plain lines for a person watching the start (main.ts: a terminal only). */
  progress?: (line: string) => void;
}

/** Seed steps, in order: the portal's own content first, then each app's demo data. */
function seedSteps(deps: Deps): SeedStep[] {
  return [
    portalAppsStep(deps.media, deps.config.links.sourceCode),
    demoAccountsStep,
    demoSocialStep(deps.media),
    demoChatStep,
    tabernaDemoStep(deps.media, deps.config.shop.taxRateBp),
    demoStaffStep,
  ];
}

/** Core's health check, then every domain's plugin. Each plugin gets the shared dependencies and nothing else. */
async function registerDomains(app: FastifyInstance, deps: Deps) {
  await app.register(healthRoutes, { ...deps, readiness: app.readiness });
  await app.register(authPlugin, { deps });
  await app.register(socialPlugin, { deps });
  await app.register(notificationsPlugin, { deps });
  await app.register(appsManagerPlugin, { deps });
  await app.register(tabernaPlugin, { deps });
  await app.register(aiLabPlugin, { deps });
  await app.register(backofficePlugin, { deps });
  await app.register(hyper3dPlugin, { deps });
}

/** The whole portal as one Fastify instance: used by `npm start` and by the API tests. */
export async function buildApp({
  config,
  database,
  openingDatabase,
  mailer,
  events,
  logger,
  progress = () => {},
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    ...(logger ? {} : { childLoggerFactory: requestLoggerFactory }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  registerErrorHandler(app);
  if (!config.trustProxy) warnOnUntrustedForwarding(app);
  // The API speaks JSON (and multipart where files are sent); plain text bodies are refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // main.ts turns `draining` on at SIGTERM: /readyz answers 503 so the load balancer sends new requests elsewhere.
  app.decorate('readiness', { draining: false, refusingReads: false, closing: false });
  // While shutting down, answers in flight close their connection, so keep-alive sockets do not
  // hold the process open until their idle timeout.
  app.addHook('preClose', async () => {
    app.readiness.closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.readiness.closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const deps = await createDeps(app, { config, database, openingDatabase, mailer, events, progress });
  // Tests run scheduled jobs on demand through `app.scheduler.runNow(name)`.
  app.decorate('scheduler', deps.scheduler);
  app.decorate('metrics', deps.metrics);
  // First: its hook counts every request, and /metrics is answered before the rest.
  await app.register(metricsPlugin, { metrics: deps.metrics, token: config.metricsToken });
  scheduleBackups(deps.scheduler, deps.backups, config.backups.schedule);
  app.decorate('accountData', deps.accountData);
  // Before the public cache's hits: a stopping instance refuses those reads too.
  refuseReadsWhileStopping(app, app.readiness);
  await runSeed(deps.database, seedSteps(deps), config.seedDemo, app.log, (step) =>
    progress(`Adding the demo data: ${step.replace(/-/g, ' ')}… (first start only)`),
  );

  // Before the security headers, CORS and authentication: its cache hits skip them (core/public-cache.ts).
  await app.register(publicCachePlugin, {
    events: deps.events,
    enabled: config.publicCache,
    readiness: app.readiness,
    metrics: deps.metrics,
  });
  const mediaOrigin = config.media.kind === 's3' && config.media.publicUrl ? new URL(config.media.publicUrl).origin : undefined;
  await app.register(securityPlugin, { corsAllowedOrigins: config.corsAllowedOrigins, publicUrl: config.publicUrl, mediaOrigin });
  if (config.publicUrlFollowsRequest) followRequestOrigin(app);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // Per-file limits are set by each upload route; these are the outer bounds.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });
  // Added before the websocket plugin's own hook (which closes sockets without a code), so clients
  // hear "going away" on shutdown and reconnect to another instance or to this one once it is back.
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer.clients) client.close(1001, 'The server is restarting.');
    done();
  });
  // No permessage-deflate, whatever the client offers: a chat frame goes to up to thousands of sockets
  // as the same bytes, and compressing it per socket would cost CPU and memory on each (ws's default
  // is off too; this keeps it off).
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, handleProtocols: chooseProtocol, perMessageDeflate: false },
  });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(authenticatePlugin, { authenticator: deps.authenticator });
  await app.register(textGuardPlugin);
  await app.register(writeLimitsPlugin, { counters: deps.counters, rates: config.writeLimits });
  if (config.media.kind === 'disk') {
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'media'),
      prefix: MEDIA_URL_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: '7d',
    });
  } else {
    await app.register(mediaProxyRoutes, { media: deps.media });
  }
  await registerDomains(app, deps);
  const shopPagePreloads = createShopPagePreloads(deps);
  app.addHook('onClose', async () => shopPagePreloads.close());
  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    preloads: shopPagePreloads.preloads,
    ssr: config.ssr,
    followsRequestOrigin: config.publicUrlFollowsRequest,
    // Shared AI conversations: public to whoever has the address, never listed by search engines.
    unlistedPages: [AI_SHARED_PAGE_PATH],
  });

  app.addHook('onListen', async () => deps.scheduler.start());
  app.addHook('preClose', () => deps.scheduler.stop());
  return app;
}

async function createDeps(
  app: FastifyInstance,
  options: Pick<AppOptions, 'config' | 'database' | 'openingDatabase' | 'mailer' | 'events'> & {
    progress: (line: string) => void;
  },
): Promise<Deps> {
  const { config } = options;
  const database =
    options.database ??
    (await (options.openingDatabase ?? openDatabase(databaseOptions(config, (message) => app.log.info(message)))));
  if (!options.database) app.addHook('onClose', () => database.close());
  options.progress('Applying the database migrations…');
  await runMigrations(database);
  const metrics = createMetrics({ database });

  // Optional services' libraries load only when configured (issue 12: warm start; ioredis and the
  // S3 SDK took a third of a second of every start).
  const redis: Redis | undefined = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.error({ err: error }, 'redis connection error'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const counters: CounterStore = redis ? createRedisCounterStore(redis, config.redisKeyPrefix) : createMemoryCounterStore();
  app.addHook('onClose', () => counters.close());
  const bus = options.events ?? (redis ? createRedisEventBus(redis, config.redisKeyPrefix, app.log) : createMemoryEventBus());
  if (!options.events) app.addHook('onClose', () => bus.close());
  const events = countedEvents(bus, metrics);

  const mailer = countedMailer(
    options.mailer ??
      (config.smtpUrl
        ? createSmtpMailer(config.smtpUrl, config.mailFrom, app.log)
        : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log)),
    metrics,
  );
  app.addHook('onClose', () => mailer.close());

  const mediaRoot = path.join(config.dataDir, 'media');
  await fs.mkdir(mediaRoot, { recursive: true });
  const media =
    config.media.kind === 's3'
      ? (await import('./core/media/s3-media-storage.js')).createS3MediaStorage(config.media, config.publicUrl)
      : createDiskMediaStorage(mediaRoot, config.publicUrl);
  const secret = await installationSecret(database.db, config.jwtSecret);
  // Issue 24: searches and other expensive reads on a pool of their own (closed with the database too).
  const expensivePool = database.openPool(config.expensiveReads.concurrency);
  app.addHook('onClose', () => expensivePool.close());
  // Requests are authenticated by the auth domain's session service, seen from core as an Authenticator;
  // a caller is remembered for a moment (SESSION_CACHE_TTL), until any change is heard of.
  const authenticator = cachedAuthenticator(createSessionService({ db: database.db, config, counters, secret, events }), {
    ttlMs: config.sessionCacheTtlMs,
    events,
  });
  app.addHook('onClose', async () => authenticator.close());
  const instance = `${config.host}:${config.port} pid ${process.pid}`;
  return {
    authenticator,
    config,
    database,
    db: database.db,
    expensiveReads: createExpensiveReads(expensivePool.db, config.expensiveReads),
    log: app.log,
    mailer,
    media,
    counters,
    events,
    scheduler: createScheduler(database, app.log, {
      intervalMs: config.jobIntervalMs,
      instance,
      onRun: (job, result, seconds) => metrics.jobRun(job, result, seconds),
    }),
    metrics,
    backups: createBackupService({ config, database, log: app.log, metrics, ranBy: instance }),
    redis,
    secret,
    payments: await createPaymentProvider(config, database.db),
    shopLoginHooks: [],
    accountData: createAccountDataRegistry(),
  };
}
