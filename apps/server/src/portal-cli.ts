import path from 'node:path';
import { grantRole } from './backoffice/index.js';
import { ConfigError, loadConfig } from './core/config.js';
import { lockDataDir } from './core/data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { EmbeddedDatabaseError, embeddedDatabaseUrl } from './db/embedded-postgres.js';
import { runMigrations } from './db/migrate.js';

export const USAGE = 'Usage: npm run portal -- grant <email> <staff|owner|none>';
const ROLES = { staff: 'staff', owner: 'owner', none: null } as const;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

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

/** `npm run portal -- <command>`: answers the exit code. */
export async function runPortalCli(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [command, email, roleName] = args;
  if (command !== 'grant' || !email || !roleName || args.length !== 3 || !(roleName in ROLES)) {
    io.err(USAGE);
    return 2;
  }
  const role = ROLES[roleName as keyof typeof ROLES];
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
    // A database the portal has not started on since this version: the role column comes first.
    await runMigrations(database.handle);
    const outcome = await grantRole(database.handle.db, email, role);
    if (!outcome.ok) {
      io.err(`No account has the email ${email}. Sign up first, then grant the role.`);
      return 1;
    }
    io.out(`${outcome.email} is now ${outcome.after ?? 'without a role'} (was ${outcome.before ?? 'without a role'}).`);
    return 0;
  } finally {
    await database.done();
  }
}
