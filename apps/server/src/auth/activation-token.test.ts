import { describe, expect, it } from 'vitest';
import { checkActivationToken, decodeUid, encodeUid, makeActivationToken } from './activation-token.js';

const secret = 'test-secret-test-secret-test-secret';
const subject = { id: 42, passwordHash: '$argon2id$v=19$abc' };
const DAY = 86_400_000;

describe('activation tokens', () => {
  it('round-trips the uid', () => {
    expect(decodeUid(encodeUid(42))).toBe(42);
    expect(decodeUid('not base64 !')).toBeUndefined();
    expect(decodeUid(Buffer.from('12abc').toString('base64url'))).toBeUndefined();
  });

  it('accepts its own token within the time limit only', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = makeActivationToken(secret, subject, now);
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now + DAY)).toBe(true);
    expect(checkActivationToken(secret, subject, token, 3 * DAY, now + 4 * DAY)).toBe(false);
  });

  it('is bound to the secret, the account and its password', () => {
    const token = makeActivationToken(secret, subject);
    expect(checkActivationToken('another-secret-another-secret-xx', subject, token, DAY)).toBe(false);
    expect(checkActivationToken(secret, { ...subject, id: 43 }, token, DAY)).toBe(false);
    expect(checkActivationToken(secret, { ...subject, passwordHash: 'changed' }, token, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, `${token}x`, DAY)).toBe(false);
    expect(checkActivationToken(secret, subject, '', DAY)).toBe(false);
  });
});
