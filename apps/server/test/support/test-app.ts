import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/core/config.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import type { EventBus } from '../../src/core/events/event-bus.js';
import { createOutboxMailer } from '../../src/core/mail/outbox-mailer.js';
import { createCapturingMailer, type CapturingMailer } from './capturing-mailer.js';
import { openTestDatabase } from './test-database.js';

const silentLog = { info: () => undefined } as never;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  mail: CapturingMailer;
  dataDir: string;
  /** The app's database, for tests that set up or check rows directly. */
  database: DatabaseHandle;
  /** Its connection URL (for a second client, such as the command line). */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A whole portal for one test file, reached with `app.inject()` (no port). Settings can be
 * overridden like environment variables. Redis is used when TEST_REDIS_URL is set.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady: (app: FastifyInstance) => void = () => {},
  options: {
    onQuery?: (sql: string, params: unknown[]) => void;
    /** Also write every message to DATA_DIR/outbox as .eml. */ outbox?: boolean;
    /** Receives the app's log lines (JSON), from level info up. */ logLines?: string[];
    /** An event bus shared with another app (two instances in one process); the app will not close it. */
    events?: EventBus;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-test-'));
  const database = await openTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    REGISTRATIONS_PER_HOUR: '100000',
    // Suites write faster than people do; write-limits.api.test.ts turns the limits on.
    RATE_LIMITS: 'off',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(process.env.TEST_REDIS_URL
      ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `t${randomBytes(5).toString('hex')}:` }
      : {}),
    ...env,
  });
  const mail = createCapturingMailer(
    options.outbox ? createOutboxMailer(path.join(dataDir, 'outbox'), config.mailFrom, silentLog) : undefined,
  );
  const { logLines } = options;
  const logger = logLines ? { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } : false;
  const app = await buildApp({ config, database: database.handle, mailer: mail, logger, events: options.events });
  beforeReady(app);
  await app.ready();
  return {
    app,
    config,
    mail,
    dataDir,
    database: database.handle,
    databaseUrl: database.url,
    async close() {
      const closing = app.close();
      // Every test is done: a connection a test's HTTP client left open without a request (undici
      // opens a spare one when a streamed answer is aborted) is not idle to Node, and closing would
      // wait for its headers timeout, a minute (issue 31: a test file took 75 s for 13 s of tests).
      app.server.closeAllConnections();
      await closing;
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const json = (response: LightMyRequestResponse) => response.json() as Record<string, unknown>;

/** A unique person for a test, with a password the server's rules accept. */
export function newPerson(tag = randomBytes(4).toString('hex')) {
  return {
    email: `person.${tag}@example.com`,
    username: `person_${tag}`,
    first_name: 'Rosa',
    last_name: `Tester${tag.slice(0, 3)}`,
    password: 'lantern-orbit-2026',
  };
}
