import { ConfigError, databaseOptions, loadConfig, type Config } from './core/config.js';
import { lockDataDir } from './core/data-dir-lock.js';
import { openDatabase } from './db/client.js';
import { createStartupProgress } from './core/startup-progress.js';
import { requestlessConnections, stopAccepting, untilQuiet } from './core/stop-accepting.js';
import { EmbeddedDatabaseError } from './db/embedded-postgres.js';

/** After the drain: how long connections accepted just before the listening socket closed have to send their request. */
const ACCEPT_GRACE_MS = 300;
/** After the drain: the listening socket closes once no connection has arrived for this long (at most QUIET_MAX_MS). */
const QUIET_MS = 500;
const QUIET_MAX_MS = 5_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      fail((error as Error).message);
    }
  }

  // Warm start (issue 12): the database (the embedded server, or the pool of DATABASE_URL) opens
  // while the rest of the portal's modules load; its messages wait for the app's logger.
  const progress = createStartupProgress();
  progress(config.databaseUrl ? 'Connecting to the database…' : `Starting the database (in ${config.dataDir})…`);
  const early: string[] = [];
  let logDatabase: (message: string) => void = (message) => early.push(message);
  const openingDatabase = openDatabase(databaseOptions(config, (message) => logDatabase(message)));
  openingDatabase.catch(() => undefined); // handled where buildApp awaits it
  const { buildApp } = await import('./app.js');
  const app = await buildApp({ config, openingDatabase, progress }).catch((error: unknown) => {
    unlock();
    if (error instanceof EmbeddedDatabaseError) fail(error.message);
    throw error;
  });
  for (const message of early) app.log.info(message);
  const requestless = requestlessConnections(app.server);
  logDatabase = (message) => app.log.info(message);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.readiness.draining = true;
    if (config.shutdownDrainMs > 0) {
      app.log.info({ signal }, 'draining: /readyz answers 503 while the load balancer moves new requests elsewhere');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      // Then reads are answered 503 (nginx retries them on another instance and leaves this one
      // out), and once no connection has arrived for a moment new ones are refused (a proxy retries
      // them elsewhere, since nothing was sent); those just accepted get a moment for their request
      // to arrive, so closing does not take them for idle and drop them.
      app.readiness.refusingReads = true;
      await untilQuiet(app.server, QUIET_MS, QUIET_MAX_MS);
      await stopAccepting(app.server);
      await new Promise((resolve) => setTimeout(resolve, ACCEPT_GRACE_MS));
    }
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      unlock();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      const closing = app.close();
      // A connection that has sent no request by now gets the accept grace to send one, then is closed
      // (the close would otherwise wait for it until the timeout above).
      const grace = setTimeout(() => requestless.close(), ACCEPT_GRACE_MS);
      await closing;
      clearTimeout(grace);
      unlock();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      unlock();
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    unlock();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(`Port ${config.port} is already in use. Stop what uses it, or set PORT.`);
    throw error;
  }
  app.log.info(`Portal ready on ${config.publicUrl}`);
  progress(`Portal ready at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The portal could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
