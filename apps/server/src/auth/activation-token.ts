import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What an emailed link is bound to: the account and its password hash when the link was made, so
 * a link dies when the password changes (a used reset link cannot be used again).
 */
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

/** What a link is for: a token made for one purpose never passes the check of another. */
export type LinkPurpose = 'activation' | 'password-reset';

function signature(secret: string, purpose: LinkPurpose, subject: ActivationSubject, issuedAt: number): string {
  return createHmac('sha256', secret)
    .update(`${purpose}:${subject.id}:${subject.passwordHash}:${issuedAt}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A token `<issued-at base36>-<hmac>`, like Django's, valid for `ttlMs` after it is made. */
export function makeLinkToken(secret: string, purpose: LinkPurpose, subject: ActivationSubject, now = Date.now()): string {
  const issuedAt = Math.floor(now / 1000);
  return `${issuedAt.toString(36)}-${signature(secret, purpose, subject, issuedAt)}`;
}

export function checkLinkToken(
  secret: string,
  purpose: LinkPurpose,
  subject: ActivationSubject,
  token: string,
  ttlMs: number,
  now = Date.now(),
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const issuedAt = parseInt(match[1]!, 36);
  if (now / 1000 - issuedAt > ttlMs / 1000 || issuedAt > now / 1000 + 60) return false;
  const expected = Buffer.from(signature(secret, purpose, subject, issuedAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const makeActivationToken = (secret: string, subject: ActivationSubject, now = Date.now()) =>
  makeLinkToken(secret, 'activation', subject, now);

export const checkActivationToken = (
  secret: string,
  subject: ActivationSubject,
  token: string,
  ttlMs: number,
  now = Date.now(),
) => checkLinkToken(secret, 'activation', subject, token, ttlMs, now);
