import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/index.js';
import { runPortalCli, USAGE } from '../src/portal-cli.js';
import { member } from './support/backoffice.js';
import { ensureServerBuild, startServer, stopLeftoverDatabase, type ServerProcess } from './support/server-process.js';
import { createTestApp, newPerson, type TestApp } from './support/test-app.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** `npm run portal -- …` as a person types it: the root script, in its own process. */
function portal(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts/portal.mjs'), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } };
}

describe('grant on DATABASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const roleOf = async (id: number) =>
    (await t.database.db.select({ role: accounts.role }).from(accounts).where(eq(accounts.id, id)))[0]!.role;

  it('sets and takes a role by email (any case), audited as the command line', async () => {
    const person = await member(t);
    const env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir };
    const first = capture();
    expect(await runPortalCli(['grant', person.person.email.toUpperCase(), 'owner'], env, first.io)).toBe(0);
    expect(first.lines.out).toEqual([`${person.person.email} is now owner (was without a role).`]);
    expect(await roleOf(person.accountId)).toBe('owner');
    const audit = (await t.app.inject({ method: 'GET', url: '/api/backoffice/audit/', headers: person.headers })).json() as {
      results: { actor: string; action: string; after: unknown }[];
    };
    expect(audit.results[0]).toMatchObject({ actor: 'command line', action: 'account.role', after: { role: 'owner' } });

    expect(await runPortalCli(['grant', person.person.email, 'none'], env, capture().io)).toBe(0);
    expect(await roleOf(person.accountId)).toBeNull();
  });

  it('answers an unknown email and a wrong command with a clear line and a nonzero exit', async () => {
    const env = { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir };
    const unknown = capture();
    expect(await runPortalCli(['grant', 'nobody@example.com', 'staff'], env, unknown.io)).toBe(1);
    expect(unknown.lines.err).toEqual(['No account has the email nobody@example.com. Sign up first, then grant the role.']);
    for (const args of [
      [],
      ['grant', 'a@example.com'],
      ['grant', 'a@example.com', 'king'],
      ['revoke', 'a@example.com', 'staff'],
    ]) {
      const wrong = capture();
      expect(await runPortalCli(args, env, wrong.io)).toBe(2);
      expect(wrong.lines.err).toEqual([USAGE]);
    }
  });
});

describe('npm run portal -- grant on the embedded database', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => ensureServerBuild(), 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await stopLeftoverDatabase(dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('works while the portal runs (through its database) and after it stopped (starting the database briefly)', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-grant-'));
    server = await startServer({ DATA_DIR: dataDir });
    const person = newPerson();
    const registered = await fetch(`${server.url}/api/v1/authusers/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    expect(registered.status).toBe(201);

    const running = await portal(['grant', person.email, 'staff'], { DATA_DIR: dataDir });
    expect(running.stderr).toContain(`The portal is running on ${dataDir}: using its database.`);
    expect({ code: running.code, stdout: running.stdout }).toEqual({
      code: 0,
      stdout: `${person.email} is now staff (was without a role).\n`,
    });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const stopped = await portal(['grant', person.email, 'owner'], { DATA_DIR: dataDir });
    expect({ code: stopped.code, stdout: stopped.stdout }).toEqual({
      code: 0,
      stdout: `${person.email} is now owner (was staff).\n`,
    });
    // It stopped the database it started and left DATA_DIR free.
    await expect(fs.access(path.join(dataDir, 'portal.pid'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'postgres', 'postmaster.pid'))).rejects.toThrow();

    const unknown = await portal(['grant', 'nobody@example.com', 'staff'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account has the email nobody@example.com.');
  }, 240_000);
});
