import { createHmac, timingSafeEqual } from 'node:crypto';

/** What the activation link is bound to: the account and its password hash at sign-up time. */
export interface ActivationSubject {
  id: number;
  passwordHash: string;
}

export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

function signature(secret: string, subject: ActivationSubject, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`activation:${subject.id}:${subject.passwordHash}:${issuedAt}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A token `<issued-at base36>-<hmac>`, like Django's, valid for `ttlMs` after it is made. */
export function makeActivationToken(secret: string, subject: ActivationSubject, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt.toString(36)}-${signature(secret, subject, issuedAt)}`;
}

export function checkActivationToken(
  secret: string,
  subject: ActivationSubject,
  token: string,
  ttlMs: number,
  now = Date.now(),
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const issuedAt = parseInt(match[1]!, 36);
  if (now / 1000 - issuedAt > ttlMs / 1000 || issuedAt > now / 1000 + 60) return false;
  const expected = Buffer.from(signature(secret, subject, issuedAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
