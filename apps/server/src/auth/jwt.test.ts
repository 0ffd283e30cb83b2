import type * as Jose from 'jose';
import * as jose from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwtCodec, VERIFIED_TOKENS_KEPT } from './jwt.js';

// jose as it is, with its signature check counted (a remembered token skips it).
vi.mock('jose', async (original) => {
  const actual = await original<typeof Jose>();
  return { ...actual, jwtVerify: vi.fn(actual.jwtVerify) };
});
const signatureChecks = () => vi.mocked(jose.jwtVerify).mock.calls.length;

const codec = createJwtCodec('unit-test-secret-unit-test-secret!!');

// Time moves when a test says so: tokens expire on the second, never after a real wait.
afterEach(() => vi.useRealTimers());
const clockAt = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });
const subject = { accountId: 7, sessionId: '0d2b5a6e-2c7e-4b6f-9a55-7d2a2b0b7c11' };
const SECRET = 'unit-test-secret-unit-test-secret!!';
const decode = (token: string) => ({ header: jose.decodeProtectedHeader(token), claims: jose.decodeJwt(token) });

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

  it('signs HS256 tokens that last the ttl in whole seconds (one at least), each access token with its own id', async () => {
    clockAt(1_700_000_000_400);
    const access = await codec.sign('access', subject, 90_600);
    expect(decode(access)).toEqual({
      header: { alg: 'HS256', typ: 'JWT' },
      claims: {
        token_type: 'access',
        user_id: '7',
        sid: subject.sessionId,
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
        iat: 1_700_000_000,
        exp: 1_700_000_091,
      },
    });
    expect(decode(access).claims.jti).not.toBe(subject.sessionId);
    expect(decode(await codec.sign('access', subject, 90_600)).claims.jti).not.toBe(decode(access).claims.jti);
    expect(decode(await codec.sign('access', subject, 200)).claims.exp).toBe(1_700_000_001);
    expect(decode(await codec.sign('refresh', subject, 60_000)).claims).toMatchObject({
      jti: subject.sessionId,
      exp: 1_700_000_060,
    });
  });

  it('refuses a token signed with the key but missing a claim of the contract, or of another algorithm', async () => {
    const key = new TextEncoder().encode(SECRET);
    const claims = { token_type: 'access', user_id: '7', sid: subject.sessionId };
    const made = async (payload: Record<string, unknown>, jti: string | null = 'j-1', alg = 'HS256') => {
      const jwt = new jose.SignJWT(payload).setProtectedHeader({ alg }).setIssuedAt().setExpirationTime('1h');
      return (jti === null ? jwt : jwt.setJti(jti)).sign(key);
    };
    expect((await codec.verify(await made(claims), 'access')).ok).toBe(true);
    for (const [name, token] of [
      ['no user_id', await made({ ...claims, user_id: undefined })],
      ['a numeric user_id', await made({ ...claims, user_id: 7 })],
      ['no sid', await made({ ...claims, sid: undefined })],
      ['no jti', await made(claims, null)],
      ['HS512', await made(claims, 'j-2', 'HS512')],
    ] as const) {
      expect(await codec.verify(token, 'access'), name).toEqual({ ok: false, reason: 'Token is invalid' });
      expect(await codec.verify(token, 'access'), `${name}, again`).toEqual({ ok: false, reason: 'Token is invalid' });
    }
    expect(await codec.verify('not a token', 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
  });

  it('checks a token’s signature once, and remembers at most its number of tokens, the newest', async () => {
    expect(VERIFIED_TOKENS_KEPT).toBe(10_000);
    const own = createJwtCodec(SECRET, { kept: 3 });
    const [first, second, third, fourth] = await Promise.all(
      [1, 2, 3, 4].map((accountId) => own.sign('access', { ...subject, accountId }, 3_600_000)),
    );
    const checked = async (token: string) => {
      const before = signatureChecks();
      expect((await own.verify(token, 'access')).ok).toBe(true);
      return signatureChecks() - before;
    };
    expect(await checked(first!)).toBe(1);
    expect(await checked(first!)).toBe(0);
    expect(await own.verify(first!, 'refresh')).toEqual({ ok: false, reason: 'Token has wrong type' });
    expect(await checked(second!)).toBe(1);
    expect(await checked(third!)).toBe(1);
    // Three remembered: all answered from memory.
    expect([await checked(first!), await checked(second!), await checked(third!)]).toEqual([0, 0, 0]);
    // A fourth pushes out the oldest.
    expect(await checked(fourth!)).toBe(1);
    expect([await checked(second!), await checked(third!), await checked(fourth!)]).toEqual([0, 0, 0]);
    expect(await checked(first!)).toBe(1);
  });

  it('reports the wrong type, expiry and tampering', async () => {
    const access = await codec.sign('access', subject, 60_000);
    expect(await codec.verify(access, 'refresh')).toEqual({ ok: false, reason: 'Token has wrong type' });
    clockAt(1_800_000_000_000);
    const expired = await codec.sign('access', subject, 1);
    vi.setSystemTime(1_800_000_000_999);
    expect(await createJwtCodec('unit-test-secret-unit-test-secret!!').verify(expired, 'access')).toMatchObject({ ok: true });
    vi.setSystemTime(1_800_000_001_000);
    expect(await codec.verify(expired, 'access')).toEqual({ ok: false, reason: 'Token is expired' });
    vi.useRealTimers();
    // One character of the signature changed in the middle: replacing its last two with "xx" left the
    // bytes as they were about once in a thousand (the last character carries 4 bits, its 2 spare
    // ignored), and the test then failed a CI run.
    const at = access.lastIndexOf('.') + 10;
    const tampered = `${access.slice(0, at)}${access[at] === 'A' ? 'B' : 'A'}${access.slice(at + 1)}`;
    expect(await codec.verify(tampered, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
    const other = await createJwtCodec('other-secret-other-secret-other!!').sign('access', subject, 60_000);
    expect(await codec.verify(other, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
  });

  it('remembers a verified token until it expires, and still checks its type and expiry', async () => {
    clockAt(1_900_000_000_000);
    const short = await codec.sign('access', subject, 2_000);
    expect((await codec.verify(short, 'access')).ok).toBe(true);
    // Now a remembered token: the type is still checked, and the expiry ends it, to the second.
    expect(await codec.verify(short, 'refresh')).toEqual({ ok: false, reason: 'Token has wrong type' });
    vi.setSystemTime(1_900_000_001_999);
    expect(await codec.verify(short, 'access')).toMatchObject({ ok: true, claims: { user_id: '7' } });
    vi.setSystemTime(1_900_000_002_000);
    expect(await codec.verify(short, 'access')).toEqual({ ok: false, reason: 'Token is expired' });
    expect(await codec.verify(short, 'access')).toEqual({ ok: false, reason: 'Token is expired' });
  });

  it('never remembers a token whose signature failed', async () => {
    const forged = await createJwtCodec('other-secret-other-secret-other!!').sign('access', subject, 60_000);
    expect(await codec.verify(forged, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
    expect(await codec.verify(forged, 'access')).toEqual({ ok: false, reason: 'Token is invalid' });
  });
});
