import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';
import { databaseUnavailable } from '../src/db/errors.js';
import { ensureServerBuild, startServer, type ServerProcess } from './support/server-process.js';
import { openTestDatabase } from './support/test-database.js';

/**
 * A TCP relay in front of PostgreSQL that can stop passing bytes, as a database that stops
 * answering (a frozen host, a network partition) looks to the portal: connections stay open, nothing comes back.
 */
async function freezableRelay(target: URL) {
  let frozen = false;
  const server = net.createServer((inbound) => {
    // The embedded server listens on a Unix socket (`?host=<dir>`), a server of TEST_DATABASE_URL on TCP.
    const socketDir = target.searchParams.get('host');
    const port = Number(target.port || 5432);
    const outbound = socketDir ? net.connect(`${socketDir}/.s.PGSQL.${port}`) : net.connect(port, target.hostname);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        // Frozen: what is sent is lost, as to a host that stopped answering.
        if (!frozen) to.write(chunk);
      });
    forward(inbound, outbound);
    forward(outbound, inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => void (frozen = true),
    thaw: () => void (frozen = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let relay: Awaited<ReturnType<typeof freezableRelay>>;
let handle: DatabaseHandle;
let relayedUrl: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  ensureServerBuild();
  database = await openTestDatabase();
  const url = new URL(database.url!);
  relay = await freezableRelay(new URL(database.url!));
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  url.searchParams.delete('host');
  relayedUrl = url.toString();
  handle = await openDatabase({ databaseUrl: relayedUrl, poolSize: 1, connectTimeoutMs: 500, queryTimeoutMs: 500 });
}, 120_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await relay.close();
  await database.drop();
});

describe('a database that stops answering', () => {
  it('fails statements and transactions fast, keeps no client checked out, and works again once it answers', async () => {
    await handle.ping();
    relay.freeze();
    const started = Date.now();
    // A transaction first, so it gets the pool's open connection and its `begin` is what times out.
    const attempts = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => handle.db.transaction(async (tx) => tx.execute(sql`select 1`))),
      handle.ping(),
    ]);
    const elapsed = Date.now() - started;
    relay.thaw();
    for (const attempt of attempts) {
      expect(attempt.status).toBe('rejected');
      expect(databaseUnavailable((attempt as PromiseRejectedResult).reason)).toBe(true);
    }
    // Five callers on a pool of one: each waits at most the connect timeout, then its statement's.
    expect(elapsed).toBeLessThan(4_000);
    // Transactions whose `begin` timed out gave their connection back (dropped): the pool is whole.
    await handle.ping();
    await handle.db.transaction(async (tx) => tx.execute(sql`select 1`));
    const closed = await Promise.race([
      handle.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('hung'), 3_000)),
    ]);
    expect(closed).toBe('closed');
  });
});

describe('the server process on a database that stops answering', () => {
  it('answers 503 JSON within its timeouts (DATABASE_CONNECT_TIMEOUT, DATABASE_QUERY_TIMEOUT), then recovers', async () => {
    server = await startServer({
      DATABASE_URL: relayedUrl,
      DATABASE_CONNECT_TIMEOUT: '1s',
      DATABASE_QUERY_TIMEOUT: '1s',
      DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'portal-outage-')),
    });
    const get = async (url: string) => {
      const started = Date.now();
      const response = await fetch(`${server!.url}${url}`, { signal: AbortSignal.timeout(15_000) });
      return { status: response.status, body: (await response.json()) as { detail?: string }, ms: Date.now() - started };
    };
    expect((await get('/healthz')).status).toBe(200);
    relay.freeze();
    try {
      const answers = await Promise.all([get('/healthz'), get('/api/social-posts/'), get('/api/v1/vue-apps/?fresh=1')]);
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(typeof answer.body.detail).toBe('string');
        // Each waits at most a connection's timeout and a statement's: never the 15 s of the client.
        expect(answer.ms).toBeLessThan(5_000);
      }
    } finally {
      relay.thaw();
    }
    await expect.poll(async () => (await get('/healthz')).status, { timeout: 10_000 }).toBe(200);
  });
});
