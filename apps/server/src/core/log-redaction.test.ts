import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log-redaction.js';

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
});
