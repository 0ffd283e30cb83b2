import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { TokenClaims } from '@portal/contracts';

export type TokenType = TokenClaims['token_type'];

export type TokenCheck =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'Token is expired' | 'Token is invalid' | 'Token has wrong type' };

export interface JwtCodec {
  sign(type: TokenType, subject: { accountId: number; sessionId: string }, ttlMs: number): Promise<string>;
  verify(token: string, expected: TokenType): Promise<TokenCheck>;
}

/** Verified tokens remembered (issue 12: WebCrypto's HMAC took ~5% of a logged-in request). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * HS256 JWTs with the claims of the contract (`user_id` as a string, `token_type`, `jti`) plus `sid`.
 * A token whose signature checked out is remembered (its claims, keyed by the whole token) until it
 * expires, so the next request with it skips the signature; expiry and type are checked every time.
 * A tampered token is a different string, so it is never a remembered one.
 */
export function createJwtCodec(secret: string, { kept = VERIFIED_TOKENS_KEPT }: { kept?: number } = {}): JwtCodec {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= kept) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  return {
    async sign(type, { accountId, sessionId }, ttlMs) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ token_type: type, user_id: String(accountId), sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(type === 'refresh' ? sessionId : randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + Math.max(1, Math.round(ttlMs / 1000)))
        .sign(key);
    },
    async verify(token, expected) {
      const known = verified.get(token);
      if (known) {
        if (typeof known.exp === 'number' && known.exp <= Math.floor(Date.now() / 1000)) {
          verified.delete(token);
          return { ok: false, reason: 'Token is expired' };
        }
        if (known.token_type !== expected) return { ok: false, reason: 'Token has wrong type' };
        return { ok: true, claims: known };
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = payload as unknown as TokenClaims;
        if (typeof claims.user_id !== 'string' || typeof claims.sid !== 'string' || typeof claims.jti !== 'string') {
          return { ok: false, reason: 'Token is invalid' };
        }
        remember(token, claims);
        if (claims.token_type !== expected) return { ok: false, reason: 'Token has wrong type' };
        return { ok: true, claims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'Token is expired' };
        return { ok: false, reason: 'Token is invalid' };
      }
    },
  };
}
