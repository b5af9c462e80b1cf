import crypto from 'node:crypto';

/**
 * HS256 JWTs minted by the API. `kind` keeps the credentials apart: a reservation token
 * is never accepted where an auth token is needed, and `sub` ties each to one reservation,
 * phone or order. `exp` is in seconds, as the site's jwt-decode reads it.
 */
export type TokenKind = 'reservation' | 'auth' | 'order' | 'stream';

export interface TokenClaims {
  kind: TokenKind;
  sub: string;
  iat: number;
  exp: number;
  /** The number a reservation holds, the verified phone of an auth token, or the lot of a stream token. */
  num?: string;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalid' | 'expired'; claimedKind: string | null };

export interface TokenService {
  sign(kind: TokenKind, sub: string, expiresAtMs: number, num?: string): string;
  verify(token: string): VerifyResult;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const KINDS: readonly string[] = ['reservation', 'auth', 'order', 'stream'];

function isCanonicalBase64url(part: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

export function createTokenService(secret: string, now: () => number): TokenService {
  const signature = (input: string) => crypto.createHmac('sha256', secret).update(input).digest();
  return {
    sign(kind, sub, expiresAtMs, num) {
      const claims: TokenClaims = { kind, sub, iat: Math.floor(now() / 1000), exp: Math.floor(expiresAtMs / 1000) };
      if (num !== undefined) claims.num = num;
      const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
      return `${body}.${base64url(signature(body))}`;
    },
    verify(token) {
      const parts = token.split('.');
      // Only the one canonical form is a token: base64url without padding. Node's decoder would
      // also read `==`, standard base64 or stray trailing bits as the same bytes, so one signed
      // token would have many spellings (and slip past anything that compares tokens as text).
      if (parts.length !== 3 || !parts.every(isCanonicalBase64url)) return { ok: false, reason: 'invalid', claimedKind: null };
      let claims: Partial<TokenClaims>;
      let header: { alg?: unknown };
      try {
        header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
        claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid', claimedKind: null };
      }
      const claimedKind = claims && typeof claims.kind === 'string' ? claims.kind : null;
      const given = Buffer.from(parts[2], 'base64url');
      const expected = signature(`${parts[0]}.${parts[1]}`);
      // Only HS256 is ever accepted: a token announcing another algorithm (or none) is forged.
      const signed = header?.alg === 'HS256' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
      if (!signed || !claimedKind || !KINDS.includes(claimedKind) || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') {
        return { ok: false, reason: 'invalid', claimedKind };
      }
      if (claims.exp <= now() / 1000) return { ok: false, reason: 'expired', claimedKind };
      return { ok: true, claims: claims as TokenClaims };
    },
  };
}
