import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl, requestLoggerFactory } from './log-redaction.js';

describe('log redaction (finding 9)', () => {
  it('hides the values of secret query parameters in URLs', () => {
    expect(redactUrl('/ws/notification/3/?token=eyJ.abc.def')).toBe('/ws/notification/3/?token=[Redacted]');
    expect(redactUrl('/x/?a=1&token=t&b=2&refresh=r')).toBe('/x/?a=1&token=[Redacted]&b=2&refresh=[Redacted]');
    expect(redactUrl('/api/social-posts/?page=2')).toBe('/api/social-posts/?page=2');
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
