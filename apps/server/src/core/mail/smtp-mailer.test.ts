import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './smtp-mailer.js';

const log = { info: () => undefined } as never;

/** Just enough of an SMTP server (RFC 5321, no TLS, no auth) to take messages: what each transaction sent. */
async function smtpServer() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let current = { from: '', to: [] as string[], data: '' };
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe('SMTP mailer', () => {
  it('connects only with the first message, sends each to its address, and closes', async () => {
    const server = await smtpServer();
    stop = server.close;
    const mailer = createSmtpMailer(server.url, 'Portal <no-reply@portal.test>', log);
    // Made, but nothing sent: no connection yet (nodemailer loads and connects on the first message).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections()).toBe(0);

    await mailer.send({ to: 'ana@example.com', subject: 'Your order', text: 'Hi Ana,\n.\nThanks.\n' });
    await mailer.send({ to: 'ben@example.com', subject: 'Second', text: 'Hello' });
    expect(server.received.map((mail) => [mail.from, mail.to])).toEqual([
      ['no-reply@portal.test', ['ana@example.com']],
      ['no-reply@portal.test', ['ben@example.com']],
    ]);
    expect(server.received[0]!.data).toContain('Subject: Your order');
    expect(server.received[0]!.data).toContain('Hi Ana,\n.\nThanks.');
    await mailer.close();
  });

  it('closes without ever connecting when nothing was sent', async () => {
    const server = await smtpServer();
    stop = server.close;
    const mailer = createSmtpMailer(server.url, 'no-reply@portal.test', log);
    await mailer.close();
    expect(server.connections()).toBe(0);
    expect(server.received).toEqual([]);
  });
});
