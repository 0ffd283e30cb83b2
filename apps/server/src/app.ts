import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import './core/fastify-augment.js';
import { appsManagerRoutes } from './apps-manager/apps-manager.routes.js';
import { createAppsManagerService } from './apps-manager/apps-manager.service.js';
import { authenticatePlugin } from './auth/authenticate.plugin.js';
import { createJwtCodec } from './auth/jwt.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { registrationRoutes } from './auth/registration.routes.js';
import { createRegistrationService } from './auth/registration.service.js';
import { createSessionService } from './auth/session.service.js';
import { tokenRoutes, type ShopLoginHook } from './auth/token.routes.js';
import type { Config } from './core/config.js';
import type { CounterStore } from './core/counters/counter-store.js';
import { createMemoryCounterStore } from './core/counters/memory-counter-store.js';
import { createRedisCounterStore } from './core/counters/redis-counter-store.js';
import { registerErrorHandler } from './core/error-handler.js';
import { healthRoutes } from './core/health.routes.js';
import { installationSecret } from './core/installation-secret.js';
import type { Mailer } from './core/mail/mailer.js';
import { createOutboxMailer } from './core/mail/outbox-mailer.js';
import { createSmtpMailer } from './core/mail/smtp-mailer.js';
import { createDiskMediaStorage, MEDIA_URL_PREFIX } from './core/media/disk-media-storage.js';
import { openApiPlugin } from './core/openapi.plugin.js';
import { securityPlugin } from './core/security.plugin.js';
import { webAppPlugin } from './core/web-app.plugin.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { demoAccountsStep } from './seed/demo-accounts.js';
import { portalAppsStep } from './seed/portal-apps.js';
import { runSeed } from './seed/seed-runner.js';
import { profilesRoutes } from './social/profiles.routes.js';

export interface AppOptions {
  config: Config;
  /** An open database to use instead of the configured one (tests); the app will not close it. */
  database?: DatabaseHandle;
  /** A mailer to use instead of the outbox or SMTP (tests). */
  mailer?: Mailer;
  /** Pino options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
}

/** The whole portal as one Fastify instance: used by `npm start` and by the API tests. */
export async function buildApp({ config, database, mailer, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  // The API speaks JSON (and multipart where files are sent); plain text bodies are refused with 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // While shutting down, answers in flight close their connection, so keep-alive sockets do not
  // hold the process open until their idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      poolSize: config.databasePoolSize,
    }));
  if (!database) app.addHook('onClose', () => db.close());
  await runMigrations(db);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.error({ err: error }, 'redis connection error'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const counters: CounterStore = redis ? createRedisCounterStore(redis, config.redisKeyPrefix) : createMemoryCounterStore();
  app.addHook('onClose', () => counters.close());

  const mail =
    mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom, app.log)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, app.log));
  app.addHook('onClose', () => mail.close());

  const mediaRoot = path.join(config.dataDir, 'media');
  await fs.mkdir(mediaRoot, { recursive: true });
  const media = createDiskMediaStorage(mediaRoot, config.publicUrl);
  const secret = await installationSecret(db.db, config.jwtSecret);
  const jwt = createJwtCodec(secret);
  const sessions = createSessionService({
    db: db.db,
    jwt,
    throttle: createLoginThrottle(counters, config.loginMaxFailures, config.loginFailureWindowMs),
    config,
  });
  const registration = createRegistrationService({ db: db.db, mailer: mail, counters, secret, config, log: app.log });
  const appsManager = createAppsManagerService(db.db, media, config.publicUrl);
  const shopLoginHooks: ShopLoginHook[] = [];

  await runSeed(db, [portalAppsStep(media, config.links.sourceCode), demoAccountsStep], config.seedDemo, app.log);

  await app.register(securityPlugin, { corsAllowedOrigins: config.corsAllowedOrigins, publicUrl: config.publicUrl });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(authenticatePlugin, { sessions });
  await app.register(fastifyStatic, {
    root: mediaRoot,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    maxAge: '7d',
  });

  await app.register(healthRoutes, { database: db });
  await app.register(registrationRoutes, { registration });
  await app.register(tokenRoutes, { sessions, shopLoginHooks });
  await app.register(profilesRoutes, { db: db.db, media });
  await app.register(appsManagerRoutes, { appsManager, links: config.links });
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
