import { describe, expect, it } from 'vitest';
import { createJwtCodec } from './jwt.js';

const codec = createJwtCodec('unit-test-secret-unit-test-secret!!');
const subject = { accountId: 7, sessionId: '0d2b5a6e-2c7e-4b6f-9a55-7d2a2b0b7c11' };

describe('JWT codec', () => {
  it('signs access and refresh tokens with the contract claims', async () => {
    const refresh = await codec.sign('refresh', subject, 60_000);
    const check = await codec.verify(refresh, 'refresh');
    expect(check.ok && check.claims).toMatchObject({
      token_type: 'refresh',
      user_id: '7',
      sid: subject.sessionId,
      jti: subject.sessionId,
    });
  });

  it('reports the wrong type, expiry and tampering', async () => {
    const access = await codec.sign('access', subject, 60_000);
    expect(await codec.verify(access, 'refresh')).toEqual({ ok: false, reason: 'Token has wrong type' });
    const expired = await codec.sign('access', subject, 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await codec.verify(expired, 'access')).toEqual({ ok: false, reason: 'Token is expired' });
    expect(await codec.verify(`${access.slice(0, -2)}xx`, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
    const other = await createJwtCodec('other-secret-other-secret-other!!').sign('access', subject, 60_000);
    expect(await codec.verify(other, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
  });

  it('remembers a verified token until it expires, and still checks its type and expiry', async () => {
    const short = await codec.sign('access', subject, 1);
    expect((await codec.verify(short, 'access')).ok).toBe(true);
    // Now a remembered token: the type is still checked, and the expiry ends it.
    expect(await codec.verify(short, 'refresh')).toEqual({ ok: false, reason: 'Token has wrong type' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await codec.verify(short, 'access')).toEqual({ ok: false, reason: 'Token is expired' });
    expect(await codec.verify(short, 'access')).toEqual({ ok: false, reason: 'Token is expired' });
  });

  it('never remembers a token whose signature failed', async () => {
    const forged = await createJwtCodec('other-secret-other-secret-other!!').sign('access', subject, 60_000);
    expect(await codec.verify(forged, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
    expect(await codec.verify(forged, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
  });
});
