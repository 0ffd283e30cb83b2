import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedDatabasePid,
  ensureServerBuild,
  isRunning,
  runToExit,
  startServer,
  stopLeftoverDatabase,
  type ServerProcess,
} from './support/server-process.js';
import { newPerson } from './support/test-app.js';

let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(() => ensureServerBuild(), 120_000);
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  if (dataDir) {
    await stopLeftoverDatabase(dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

async function freshDataDir() {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-process-'));
  return dataDir;
}

async function start(env: Record<string, string>) {
  const server = await startServer(env);
  running.push(server);
  return server;
}

const register = (url: string, person = newPerson()) =>
  fetch(`${url}/api/v1/authusers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(person),
  });

describe('the server process', () => {
  it('stops at start with one clear line naming a bad setting', async () => {
    const result = await runToExit({ PORT: 'eighty', DATA_DIR: await freshDataDir() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid setting PORT="eighty": must be a whole number');
    const ttl = await runToExit({ ACCESS_TOKEN_TTL: 'soon', DATA_DIR: dataDir });
    expect(ttl.stderr.trim()).toBe('Invalid setting ACCESS_TOKEN_TTL="soon": "soon" is not a duration such as 30s, 10m, 7d');
  });

  it('refuses a second instance on the same embedded database', async () => {
    const dir = await freshDataDir();
    const first = await start({ DATA_DIR: dir });
    const second = await runToExit({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`Another portal (pid ${first.child.pid}) is already using DATA_DIR=${dir}`);
  });

  it('on SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
    const dir = await freshDataDir();
    const server = await start({ DATA_DIR: dir });
    const database = embeddedDatabasePid(dir)!;
    expect(isRunning(database)).toBe(true);
    const inFlight = register(server.url);
    // SIGTERM once the server has the request (its log says so), however busy the machine is.
    while (!server.output().includes('"url":"/api/v1/authusers/"')) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    await expect(fs.access(path.join(dir, 'portal.pid'))).rejects.toThrow();
    // The embedded PostgreSQL stopped with it: no process left, no pid file.
    expect(isRunning(database)).toBe(false);
    expect(embeddedDatabasePid(dir)).toBeUndefined();
  });

  it('keeps an acknowledged write through a crash (SIGKILL) and starts again', async () => {
    const dir = await freshDataDir();
    const person = newPerson();
    const first = await start({ DATA_DIR: dir });
    expect((await register(first.url, person)).status).toBe(201);
    const orphan = embeddedDatabasePid(dir)!;
    first.child.kill('SIGKILL');
    await first.exited;
    // The database outlives the killed portal; the next start stops it and starts its own.
    expect(isRunning(orphan)).toBe(true);

    const second = await start({ DATA_DIR: dir });
    expect(isRunning(orphan)).toBe(false);
    expect(embeddedDatabasePid(dir)).not.toBe(orphan);
    const again = await register(second.url, person);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ email: ['account with this email already exists.'] });
    const outbox = await fs.readdir(path.join(dir, 'outbox'));
    expect(outbox.filter((name) => name.endsWith('.eml'))).toHaveLength(1);
  });

  it('starts after a crash of both the portal and its database, past a pid file naming another process', async () => {
    const dir = await freshDataDir();
    const person = newPerson();
    const first = await start({ DATA_DIR: dir });
    expect((await register(first.url, person)).status).toBe(201);
    const database = embeddedDatabasePid(dir)!;
    first.child.kill('SIGKILL');
    process.kill(database, 'SIGKILL');
    await first.exited;
    while (isRunning(database)) await new Promise((resolve) => setTimeout(resolve, 20));
    // The stale postmaster.pid now names a live process that is not a PostgreSQL of this folder.
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
    await fs.writeFile(pidFile, [String(process.pid), ...lines.slice(1)].join('\n'));

    const second = await start({ DATA_DIR: dir });
    const again = await register(second.url, person);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ email: ['account with this email already exists.'] });
  });
});
