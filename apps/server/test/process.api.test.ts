import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
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
import { embeddedDatabaseUrl } from '../src/db/embedded-postgres.js';
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

  it('on SIGTERM closes a connection that has sent no request, and exits 0 before its timeout', async () => {
    const server = await start({ DATA_DIR: await freshDataDir(), SHUTDOWN_TIMEOUT: '20s' });
    // A browser's spare connection: open, nothing sent. Node's close does not count it idle.
    const spare = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const closed = new Promise((resolve) => spare.once('close', resolve));
    spare.on('error', () => undefined);
    const stopped = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await closed;
    // Well before SHUTDOWN_TIMEOUT, when it would have exited 1 after "shutdown took too long".
    expect(Date.now() - stopped).toBeLessThan(15_000);
    expect(server.output()).not.toContain('shutdown took too long');
  });

  it('writes no socket token from a URL to its own log (finding 9)', async () => {
    const server = await start({ DATA_DIR: await freshDataDir() });
    const secret = `secret${randomBytes(8).toString('hex')}`;
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/notification/1/?token=${secret}&x=1`);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()).on('error', () => resolve()));
    while (!server.output().includes('/ws/notification/1/?token=')) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(server.output()).toContain('/ws/notification/1/?token=[Redacted]&x=1');
    expect(server.output()).not.toContain(secret);
  });

  it('on SIGTERM with SHUTDOWN_DRAIN first answers /readyz with 503 while still serving, then exits 0', async () => {
    const server = await start({ DATA_DIR: await freshDataDir(), SHUTDOWN_DRAIN: '3s' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status, { timeout: 2_500 }).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('draining');
  });

  it('gives the embedded PostgreSQL the buffer cache EMBEDDED_POSTGRES_SHARED_BUFFERS names', async () => {
    const dir = await freshDataDir();
    await start({ DATA_DIR: dir, EMBEDDED_POSTGRES_SHARED_BUFFERS: '48mb' });
    const client = new pg.Client({ connectionString: embeddedDatabaseUrl(path.join(dir, 'postgres')) });
    await client.connect();
    try {
      expect((await client.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers).toBe('48MB');
    } finally {
      await client.end();
    }
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

  it('a card charged right before a crash (SIGKILL) is a paid order after the restart (finding 12)', async () => {
    const dir = await freshDataDir();
    const env = { DATA_DIR: dir, RATE_LIMITS: 'off' };
    const first = await start({ ...env, TEST_FAILPOINT: 'after-charge-recorded' });
    // The embedded PostgreSQL listens on a socket in DATA_DIR/postgres only; this test reads it directly.
    const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
      const client = new pg.Client({ host: path.join(dir, 'postgres'), user: 'portal', database: 'portal' });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    };
    const [category] = await sql<{ id: number }>(
      `insert into taberna_categories (name, slug) values ('Crash', 'crash') returning id`,
    );
    const [product] = await sql<{ id: number }>(
      `insert into taberna_products (category_id, name, slug, price, stock) values ($1, 'Crash Mug', 'crash-mug', '12.50', 3) returning id`,
      [category!.id],
    );
    // Its one variant (issue 25: stock is kept per variant).
    await sql(`insert into taberna_product_variants (product_id, sku, stock) values ($1, 'CRASH-MUG', 3)`, [product!.id]);
    const call = (url: string, route: string, body?: unknown, token?: string) =>
      fetch(`${url}${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const person = newPerson();
    expect((await call(first.url, '/taberna-profiles/api/register/', person)).status).toBe(201);
    const mail = await fs.readFile(path.join(dir, 'outbox', (await fs.readdir(path.join(dir, 'outbox')))[0]!), 'utf8');
    const activation = /\/taberna-profiles\/activate\/[A-Za-z0-9_-]+\/[0-9a-z]+-[A-Za-z0-9_-]{32}\//.exec(mail)![0];
    expect((await fetch(`${first.url}${activation}`, { redirect: 'manual' })).status).toBe(302);
    const login = (url: string) =>
      call(url, '/taberna-profiles/api/v1/token/', { email: person.email, password: person.password }).then(
        async (response) => ((await response.json()) as { access: string }).access,
      );
    const token = await login(first.url);
    expect((await call(first.url, `/taberna-cart/api/add-to-cart/${product!.id}/`, {}, token)).status).toBe(200);

    // The card is charged and the charge written down; then the process dies before completing.
    const billing = {
      first_name: 'Rosa',
      last_name: 'Tester',
      phone: '+351 912345678',
      email: person.email,
      address_line_1: '1 Main Street',
      country: 'Portugal',
      state: 'Lisbon',
      city: 'Lisbon',
      stripe_token: 'tok_visa',
    };
    const charge = await call(first.url, '/taberna-orders/api/v1/place_order_stripe_charge/', billing, token).catch(
      (error: unknown) => error,
    );
    expect(charge).toBeInstanceOf(Error);
    expect(await first.exited).toBeNull();
    const [crashed] = await sql<{ id: number; payment_state: string; charge_id: string }>(
      'select id, payment_state, charge_id from taberna_orders',
    );
    expect(crashed).toMatchObject({ payment_state: 'pending', charge_id: expect.stringMatching(/^test_ch_/) });

    const second = await start(env);
    const again = await login(second.url);
    const paidOrders = async () =>
      ((await (await call(second.url, '/taberna-profiles/api/v1/orders/', undefined, again)).json()) as unknown[]).length;
    await expect.poll(paidOrders, { timeout: 20_000 }).toBe(1);
    const payments = await sql<{ payment_id: string }>('select payment_id from taberna_payments where order_id = $1', [
      crashed!.id,
    ]);
    expect(payments).toEqual([{ payment_id: crashed!.charge_id }]);
    const [stock] = await sql<{ stock: number }>('select stock from taberna_products where id = $1', [product!.id]);
    expect(stock!.stock).toBe(2);
    const cart = (await (await call(second.url, '/taberna-cart/api/cart/', undefined, again)).json()) as { quantity: number };
    expect(cart.quantity).toBe(0);
  }, 180_000);
});
