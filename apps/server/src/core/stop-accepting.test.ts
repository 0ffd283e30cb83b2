import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { stopAccepting } from './stop-accepting.js';

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
