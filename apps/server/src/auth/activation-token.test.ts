import { describe, expect, it } from 'vitest';
import {
  checkActivationToken,
  checkLinkToken,
  decodeUid,
  encodeUid,
  makeActivationToken,
  makeLinkToken,
} from './activation-token.js';

const secret = 'test-secret-test-secret-test-secret';
const subject = { id: 42, passwordHash: '$argon2id$v=19$abc' };
const DAY = 86_400_000;

describe('activation tokens', () => {
  it('round-trips the uid', () => {
    expect(decodeUid(encodeUid(42))).toBe(42);
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
    // At most ten digits, in at most twenty base64url characters, and nothing else.
    expect(decodeUid(Buffer.from('12345678901').toString('base64url'))).toBeUndefined();
    expect(decodeUid('')).toBeUndefined();
    expect(decodeUid('N'.repeat(21))).toBeUndefined();
    expect(decodeUid('NDI=')).toBeUndefined();
    expect(decodeUid(` ${encodeUid(42)}`)).toBeUndefined();
    expect(decodeUid(`${encodeUid(42)} `)).toBeUndefined();
    expect(decodeUid(Buffer.from(' 42').toString('base64url'))).toBeUndefined();
    expect(decodeUid(Buffer.from('42 ').toString('base64url'))).toBeUndefined();
    expect(decodeUid('not base64 !')).toBeUndefined();
    expect(decodeUid(Buffer.from('12abc').toString('base64url'))).toBeUndefined();
  });

  it('accepts its own token within the time limit only, to the second', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = makeActivationToken(secret, subject, now + 999);
    expect(token).toMatch(new RegExp(`^${(now / 1000).toString(36)}-[A-Za-z0-9_-]{32}$`));
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now + DAY)).toBe(true);
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now + 3 * DAY)).toBe(true);
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now + 3 * DAY + 1)).toBe(false);
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now + 4 * DAY)).toBe(false);
    // Made on a clock a little ahead (another instance): a minute is allowed, no more.
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now - 60_000)).toBe(true);
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now - 60_001)).toBe(false);
  });

  it('is made for one purpose: a reset link is no activation link', () => {
    const reset = makeLinkToken(secret, 'password-reset', subject);
    expect(checkLinkToken(secret, 'password-reset', subject, reset, DAY)).toBe(true);
    expect(checkLinkToken(secret, 'activation', subject, reset, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, makeActivationToken(secret, subject), DAY)).toBe(true);
    expect(checkLinkToken(secret, 'password-reset', subject, makeActivationToken(secret, subject), DAY)).toBe(false);
  });

  it('is bound to the secret, the account and its password', () => {
    const token = makeActivationToken(secret, subject);
    expect(checkActivationToken('another-secret-another-secret-xx', subject, token, DAY)).toBe(false);
    expect(checkActivationToken(secret, { ...subject, id: 43 }, token, DAY)).toBe(false);
    expect(checkActivationToken(secret, { ...subject, passwordHash: 'changed' }, token, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, `${token}x`, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, `x${token}`, DAY)).toBe(false);
    // Nothing may come before it, even what the token's first part cannot hold.
    expect(checkActivationToken(secret, subject, `/${token}`, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, token.slice(0, -1), DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, token.replace('-', '_'), DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, '', DAY)).toBe(false);
  });
});
