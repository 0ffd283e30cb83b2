import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stopLeftoverServer } from '../../src/db/embedded-postgres.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(SERVER_DIR, 'dist/main.js');

/** Compiles the server, so process tests run the real entry point of the current sources. */
export function ensureServerBuild(): void {
  // Incremental: a no-op when the build is current, a rebuild when the sources changed.
  execFileSync('npx', ['tsc', '-b'], { cwd: SERVER_DIR, stdio: 'inherit' });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `node dist/main.js` and resolves when it listens (or rejects with what it printed). */
export function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    // A long shutdown allowance: on a busy machine closing the database can take seconds.
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT: '60s',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    // One that never says it listens is killed, not left running after the test.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/** Runs the server expecting it to stop by itself; returns its exit code and what it printed. */
export function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/** The process id of the embedded PostgreSQL running in DATA_DIR, from its pid file. */
export function embeddedDatabasePid(dataDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

/** Stops the embedded PostgreSQL a SIGKILLed server left running in DATA_DIR (as the next start would). */
export const stopLeftoverDatabase = (dataDir: string) => stopLeftoverServer(path.join(dataDir, 'postgres'));

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
