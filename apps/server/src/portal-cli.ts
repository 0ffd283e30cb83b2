import path from 'node:path';
import { backupCommand, restoreCommand, type BackupCliIo } from './backup-cli.js';
import { grantRole } from './backoffice/index.js';
import { ConfigError, loadConfig } from './core/config.js';
import { lockDataDir } from './core/data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { EmbeddedDatabaseError, embeddedDatabaseUrl } from './db/embedded-postgres.js';
import { runMigrations } from './db/migrate.js';

export const USAGE = [
  'Usage: npm run portal -- grant <email> <staff|owner|none>',
  '       npm run portal -- backup [file]',
  '       npm run portal -- restore <file> [--yes] [--stop] [--force]',
].join('\n');
const ROLES = { staff: 'staff', owner: 'owner', none: null } as const;

export type CliIo = BackupCliIo;

/**
 * Opens the portal's database from the command line, whether or not the portal runs: DATABASE_URL
 * as configured; otherwise the embedded database of DATA_DIR, through the socket of the running
 * portal (it holds DATA_DIR's lock), or started just for this command while no portal runs.
 */
async function openPortalDatabase(env: NodeJS.ProcessEnv, io: CliIo): Promise<{ handle: DatabaseHandle; done(): Promise<void> }> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  if (config.databaseUrl) {
    const handle = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
    return { handle, done: () => handle.close() };
  }
  let unlock: () => void;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch {
    // A portal runs on DATA_DIR: its database answers on the socket in the cluster folder.
    io.err(`The portal is running on ${config.dataDir}: using its database.`);
    const handle = await openDatabase({ databaseUrl: embeddedDatabaseUrl(path.join(config.dataDir, 'postgres')), poolSize: 1 });
    return { handle, done: () => handle.close() };
  }
  try {
    const handle = await openDatabase({ dataDir: config.dataDir, embeddedAccount: config.embeddedPostgresUser, poolSize: 1 });
    return {
      handle,
      done: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Runs `work` with the configuration, answering 1 with the one line of a configuration or start-up problem. */
async function withDatabase(
  env: NodeJS.ProcessEnv,
  io: CliIo,
  work: (database: DatabaseHandle) => Promise<number>,
): Promise<number> {
  let database;
  try {
    database = await openPortalDatabase(env, io);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof EmbeddedDatabaseError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    // A database the portal has not started on since this version: new tables come first.
    await runMigrations(database.handle);
    return await work(database.handle);
  } finally {
    await database.done();
  }
}

function configOf(env: NodeJS.ProcessEnv, io: CliIo) {
  try {
    return loadConfig({ ...env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return undefined;
    }
    throw error;
  }
}

/** `npm run portal -- <command>`: answers the exit code. */
export async function runPortalCli(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [command, email, roleName] = args;
  if (command === 'backup' && args.length <= 2) {
    const config = configOf(env, io);
    if (!config) return 1;
    return withDatabase(env, io, (handle) => backupCommand(config, handle, args[1], io));
  }
  if (command === 'restore') {
    const flags = args.slice(1).filter((arg) => arg.startsWith('--'));
    const files = args.slice(1).filter((arg) => !arg.startsWith('--'));
    const known = ['--yes', '--stop', '--force'];
    if (files.length !== 1 || flags.some((flag) => !known.includes(flag))) {
      io.err(USAGE);
      return 2;
    }
    const config = configOf(env, io);
    if (!config) return 1;
    try {
      return await restoreCommand(
        config,
        path.resolve(files[0]!),
        { yes: flags.includes('--yes'), stop: flags.includes('--stop'), force: flags.includes('--force') },
        io,
      );
    } catch (error) {
      if (error instanceof EmbeddedDatabaseError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
  }
  if (command !== 'grant' || !email || !roleName || args.length !== 3 || !(roleName in ROLES)) {
    io.err(USAGE);
    return 2;
  }
  const role = ROLES[roleName as keyof typeof ROLES];
  return withDatabase(env, io, async (handle) => {
    const outcome = await grantRole(handle.db, email, role);
    if (!outcome.ok) {
      io.err(`No account has the email ${email}. Sign up first, then grant the role.`);
      return 1;
    }
    io.out(`${outcome.email} is now ${outcome.after ?? 'without a role'} (was ${outcome.before ?? 'without a role'}).`);
    return 0;
  });
}
