import fs from 'node:fs/promises';
import path from 'node:path';
import { backupCommand, restoreCommand, type BackupCliIo } from './backup-cli.js';
import { grantRole } from './backoffice/index.js';
import { ConfigError, loadConfig, type Config } from './core/config.js';
import { lockDataDir } from './core/data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { EmbeddedDatabaseError, embeddedDatabaseUrl } from './db/embedded-postgres.js';
import { runMigrations } from './db/migrate.js';
import { DEMO_PASSWORD } from './seed/demo-accounts.js';
import { createDiskMediaStorage } from './core/media/disk-media-storage.js';
import type { MediaStorage } from './core/media/media-storage.js';
import { ScaleRefused, seedScale } from './seed/scale/seed-scale.js';
import { SCALES } from './seed/scale/scale-sizes.js';

export const USAGE = [
  'Usage: npm run portal -- grant <email> <staff|owner|none>',
  '       npm run portal -- backup [file]',
  '       npm run portal -- restore <file> [--yes] [--stop] [--force]',
  `       npm run portal -- seed-scale <${SCALES.join('|')}>`,
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

/** The media storage the portal writes to, as configured (DATA_DIR/media, or the S3 bucket). */
async function configuredMedia(config: Config): Promise<MediaStorage> {
  if (config.media.kind === 's3') {
    return (await import('./core/media/s3-media-storage.js')).createS3MediaStorage(config.media, config.publicUrl);
  }
  const root = path.join(config.dataDir, 'media');
  await fs.mkdir(root, { recursive: true });
  return createDiskMediaStorage(root, config.publicUrl);
}

/** Runs a command on the portal's database (migrated first: the portal may not have started on it since this version). */
async function withDatabase(
  env: NodeJS.ProcessEnv,
  io: CliIo,
  work: (handle: DatabaseHandle) => Promise<number>,
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

async function grant(env: NodeJS.ProcessEnv, io: CliIo, email: string, roleName: keyof typeof ROLES): Promise<number> {
  const role = ROLES[roleName];
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

/** `seed-scale <n>` (issue 24): generated people, posts, chats and orders; README, "Filling the portal". */
async function seedScaleCommand(env: NodeJS.ProcessEnv, io: CliIo, scale: number): Promise<number> {
  const config = configOf(env, io);
  if (!config) return 1;
  const media = await configuredMedia(config);
  return withDatabase(env, io, async (handle) => {
    io.err(`Generating scale ${scale}…`);
    try {
      const report = await seedScale(handle.db, {
        scale,
        media,
        taxRateBp: config.shop.taxRateBp,
        log: (line) => io.err(`  ${line}`),
      });
      const counts = Object.entries(report.rows).map(([table, n]) => `${table} ${n.toLocaleString('en')}`);
      io.out(`Generated scale ${scale} in ${report.seconds.toFixed(1)} s: ${counts.join(', ')}.`);
      io.out(`Generated people log in as scale-1@example.com … with the password ${DEMO_PASSWORD}.`);
      return 0;
    } catch (error) {
      if (error instanceof ScaleRefused) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
  });
}

/** `npm run portal -- <command>`: answers the exit code. */
export async function runPortalCli(args: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [command, first, second] = args;
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
  if (command === 'grant' && first && second && args.length === 3 && second in ROLES) {
    return grant(env, io, first, second as keyof typeof ROLES);
  }
  const scale = Number(first);
  if (command === 'seed-scale' && args.length === 2 && (SCALES as readonly number[]).includes(scale)) {
    return seedScaleCommand(env, io, scale);
  }
  io.err(USAGE);
  return 2;
}
