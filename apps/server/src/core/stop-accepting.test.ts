import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { stopAccepting, untilQuiet } from './stop-accepting.js';

describe('stopAccepting', () => {
  it('refuses new connections while a connection already accepted still gets its answer', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, agent }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk));
            response.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    // An open keep-alive connection, idle between requests.
    expect(await get()).toBe('ok');

    await stopAccepting(server);
    expect(server.listening).toBe(false);
    const refused = await fetch(`http://127.0.0.1:${port}/`).catch((error: Error) => (error.cause as { code?: string }).code);
    expect(refused).toBe('ECONNREFUSED');
    // http.Server#close would have dropped this idle connection; it still answers.
    expect(await get()).toBe('ok');

    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('untilQuiet', () => {
  it('waits until no connection has arrived for the quiet time, and no longer than the limit', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const connect = () => fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } }).then((r) => r.text());

    let started = Date.now();
    await untilQuiet(server, 100, 5_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(Date.now() - started).toBeLessThan(1_000);

    // Connections every 50 ms keep it waiting; once they stop, it ends a quiet time later.
    started = Date.now();
    const waiting = untilQuiet(server, 200, 5_000);
    for (let i = 0; i < 8; i += 1) {
      await connect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lastConnection = Date.now();
    await waiting;
    expect(Date.now() - started).toBeGreaterThanOrEqual(lastConnection - started + 100);

    // A steady stream never lets it be quiet: the limit ends the wait.
    started = Date.now();
    let streaming = true;
    const stream = (async () => {
      while (streaming) {
        await connect();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await untilQuiet(server, 300, 600);
    streaming = false;
    await stream;
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.listenerCount('connection')).toBe(1);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
