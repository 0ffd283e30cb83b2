import { spawn, spawnSync } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * PostgreSQL's own programs, when a compatible one is on PATH: pg_dump reads servers of its own
 * major version and older, pg_restore reads archives of its own version and older. The embedded
 * server ships neither, and Debian's are older than it, so they serve only DATABASE_URL servers.
 */
export function toolMajor(tool: 'pg_dump' | 'pg_restore'): number | undefined {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const match = result.status === 0 ? /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout) : null;
  return match ? Number(match[1]) : undefined;
}

/** The major version of a `server_version_num` (170004 → 17). */
export const serverMajor = (versionNum: number) => Math.floor(versionNum / 10_000);

export interface ToolRun {
  /** Settles when the program has exited: rejects with its last lines of stderr when it failed. */
  done: Promise<void>;
}

function watch(tool: string, child: ReturnType<typeof spawn>): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

/**
 * The connection for a program: the URL without its password, which goes in PGPASSWORD (a command
 * line is visible to every user of the machine).
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** `pg_dump --format=custom` of the database at `url`, as a stream (one consistent snapshot). */
export function pgDump(url: string): ToolRun & { output: Readable } {
  const { dbname, env } = connection(url);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--dbname=${dbname}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  return { output: child.stdout, done: watch('pg_dump', child) };
}

/**
 * `pg_restore` of a custom-format archive read from `input` into the database at `url`, in one
 * transaction: the objects of the archive are dropped first, and any error undoes everything.
 */
export function pgRestore(url: string): ToolRun & { input: Writable } {
  const { dbname, env } = connection(url);
  const child = spawn(
    'pg_restore',
    ['--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`],
    { stdio: ['pipe', 'ignore', 'pipe'], env },
  );
  // A failed pg_restore stops reading: what is still written to it must not crash the portal.
  child.stdin.on('error', () => undefined);
  return { input: child.stdin, done: watch('pg_restore', child) };
}
