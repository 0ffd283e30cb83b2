import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, requestLoggerFactory, requestSerializer } from './log-redaction.js';

/** The lines a logger with the server's options writes, parsed. */
function logged(write: (log: pino.Logger) => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
  write(pino(loggerOptions('info') as pino.LoggerOptions, sink));
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'token', 'access', 'refresh'];

describe('log redaction (finding 9)', () => {
  it('hides the values of secret query parameters in URLs', () => {
    expect(redactUrl('/ws/notification/3/?token=eyJ.abc.def')).toBe('/ws/notification/3/?token=[Redacted]');
    expect(redactUrl('/x/?a=1&token=t&b=2&refresh=r')).toBe('/x/?a=1&token=[Redacted]&b=2&refresh=[Redacted]');
    expect(redactUrl('/api/social-posts/?page=2')).toBe('/api/social-posts/?page=2');
  });

  it('hides every secret query parameter, first or later, in any case, and nothing else', () => {
    for (const name of ['token', 'access', 'refresh', 'password', 'key', 'code']) {
      expect(redactUrl(`/x/?${name}=s3cret`), name).toBe(`/x/?${name}=[Redacted]`);
      expect(redactUrl(`/x/?a=1&${name.toUpperCase()}=s3cret&b=2`), name).toBe(`/x/?a=1&${name.toUpperCase()}=[Redacted]&b=2`);
    }
    // The value ends at the next parameter or the fragment; names that merely end like a secret stay.
    expect(redactUrl('/x/?code=abc#done')).toBe('/x/?code=[Redacted]#done');
    expect(redactUrl('/x/?monkey=1&barcode=2&keys=3')).toBe('/x/?monkey=1&barcode=2&keys=3');
    expect(redactUrl('/x/?key=1&key=2')).toBe('/x/?key=[Redacted]&key=[Redacted]');
  });

  it('describes a request by its method, redacted URL, host and remote end', () => {
    const request = {
      method: 'GET',
      url: '/ws/chat/?token=t-secret',
      host: 'portal.test',
      ip: '203.0.113.7',
      socket: { remotePort: 40_000 },
    } as unknown as Parameters<typeof requestSerializer>[0];
    expect(requestSerializer(request)).toEqual({
      method: 'GET',
      url: '/ws/chat/?token=[Redacted]',
      host: 'portal.test',
      remoteAddress: '203.0.113.7',
      remotePort: 40_000,
    });
    expect(requestSerializer({ ...request, url: undefined, socket: undefined } as never)).toMatchObject({
      url: undefined,
      remotePort: undefined,
    });
  });

  it('censors each secret field at the top of a line and one, two and three levels down', () => {
    for (const field of SECRET_FIELDS) {
      const [line] = logged((log) =>
        log.info({ [field]: 's0', a: { [field]: 's1', b: { [field]: 's2', c: { [field]: 's3', note: 'kept' } } } }, 'line'),
      );
      expect(line, field).toMatchObject({
        [field]: '[Redacted]',
        a: { [field]: '[Redacted]', b: { [field]: '[Redacted]', c: { [field]: '[Redacted]', note: 'kept' } } },
      });
    }
  });

  it('censors authorization, cookie, password and token fields at any usual depth', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const log = pino(loggerOptions('info') as pino.LoggerOptions, sink);
    log.info(
      {
        password: 'p1-secret',
        body: { password: 'p2-secret', nested: { token: 't-secret' } },
        request: { headers: { authorization: 'Bearer a-secret', cookie: 'c-secret', host: 'portal.test' } },
        access: 'x-secret',
      },
      'line',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/secret/);
    expect(lines[0]).toContain('portal.test');
    expect(JSON.parse(lines[0]!).body.password).toBe('[Redacted]');
  });

  it('puts the request id on every line of a request’s logger, and still censors what it logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const app = Fastify({
      logger: { ...(loggerOptions('info') as object), stream },
      childLoggerFactory: requestLoggerFactory,
    });
    app.get('/x', async (request) => {
      request.log.info({ authorization: 'Bearer a-secret' }, 'inside');
      request.log.child({ step: 'deeper' }).warn({ body: { password: 'p-secret' } }, 'nested');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/x?token=t-secret' });
    await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofRequest = (id: string) => parsed.filter((line) => line.reqId === id).map((line) => line.msg);
    expect(ofRequest('req-1')).toEqual(['incoming request', 'inside', 'nested', 'request completed']);
    expect(ofRequest('req-2')).toHaveLength(4);
    expect(parsed.find((line) => line.msg === 'nested')).toMatchObject({ step: 'deeper', body: { password: '[Redacted]' } });
    expect(lines.join('')).not.toMatch(/secret/);
  });
});
