import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVERS } from './servers';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Starts the test portals side by side and answers how to stop them (Playwright calls it after the
 * run). Playwright's `webServer` entries start one after the other, and each portal takes about
 * 12 s on CI's two cores to create its database and demo data (issue 31: CI time).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const children: ChildProcess[] = [];
  const stopAll = () => Promise.all(children.map(stop)).then(() => undefined);
  // A portal left by an earlier run would pass the health checks below in a new one's place.
  for (const server of Object.values(SERVERS)) {
    if (await answers(server.url)) throw new Error(`Something already answers on ${server.url}: stop it first.`);
  }
  try {
    await Promise.all(
      Object.values(SERVERS).map((server) => {
        const child = spawn(process.execPath, [path.join(import.meta.dirname, 'start-server.mjs')], {
          env: { ...process.env, ...server.env },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.push(child);
        return healthy(server.url, child);
      }),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/** Resolves once the portal answers its health check; fails if it exits first or takes too long. */
async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The test portal for ${url} exited (code ${child.exitCode}) before it was healthy.`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The test portal for ${url} was not healthy within ${START_TIMEOUT_MS / 1000} s.`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`)).ok;
  } catch {
    return false; // not listening
  }
}

/** SIGTERM, so the portal stops its embedded PostgreSQL on the way out; SIGKILL if it takes too long. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
