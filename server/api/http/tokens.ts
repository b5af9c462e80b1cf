import { decodeJwt, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * HS256 JWTs minted by the API, signed and checked by `jose`. `kind` keeps the credentials apart:
 * a reservation token is never accepted where an auth token is needed, and `sub` ties each to one
 * reservation, phone or order. `exp` is in seconds, as the site's jwt-decode reads it.
 *
 * jose signs and verifies asynchronously (WebCrypto), while the store's write transactions are
 * synchronous (better-sqlite3): a transaction returns the `TokenGrant` it decided on, and the
 * token is signed after it committed; a presented token is verified before a transaction starts.
 */
export type TokenKind = 'reservation' | 'auth' | 'order' | 'stream';

export interface TokenClaims {
  kind: TokenKind;
  sub: string;
  iat: number;
  exp: number;
  /** The number a reservation holds, the verified phone of an auth token, or the lot of a stream token. */
  num?: string;
  /** A reservation's public booking id (reservations/booking-id.ts), as the number stream names its holder. */
  bid?: string;
}

/** What a token will say: decided inside a transaction, signed after it. */
export interface TokenGrant {
  kind: TokenKind;
  sub: string;
  expiresAtMs: number;
  num?: string;
  bid?: string;
}

export type VerifyResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalid'; claimedKind: string | null }
  /** Genuine but past its `exp`: its claims, for the few places an expired token still names something. */
  | { ok: false; reason: 'expired'; claimedKind: string | null; claims: TokenClaims };

export interface TokenService {
  sign(grant: TokenGrant): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

const KINDS: readonly string[] = ['reservation', 'auth', 'order', 'stream'];

/**
 * jose's decoder, like Node's, also reads `==` padding, standard base64, whitespace or stray
 * trailing bits as the same bytes, so one signed token would have many spellings (and slip past
 * anything that compares tokens as text). Only the canonical base64url form is a token; no
 * option of jose says so, hence this check before it.
 */
function isCanonicalBase64url(part: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(part) && Buffer.from(part, 'base64url').toString('base64url') === part;
}

/** The kind the token claims, signed or not: an expired token of another kind is skipped, not refused. */
function claimedKindOf(token: string): string | null {
  try {
    const kind = decodeJwt(token).kind;
    return typeof kind === 'string' ? kind : null;
  } catch {
    return null;
  }
}

function isClaims(payload: JWTPayload): payload is JWTPayload & TokenClaims {
  return (
    typeof payload.kind === 'string' &&
    KINDS.includes(payload.kind) &&
    typeof payload.sub === 'string' &&
    typeof payload.exp === 'number' &&
    typeof payload.iat === 'number'
  );
}

function claimsOf(payload: JWTPayload & TokenClaims): TokenClaims {
  return {
    kind: payload.kind,
    sub: payload.sub,
    iat: payload.iat,
    exp: payload.exp,
    ...(payload.num === undefined ? {} : { num: payload.num }),
    ...(payload.bid === undefined ? {} : { bid: payload.bid }),
  };
}

export function createTokenService(secret: string, now: () => number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ kind, sub, expiresAtMs, num, bid }) {
      const claims: Record<string, string> = { kind };
      if (num !== undefined) claims.num = num;
      if (bid !== undefined) claims.bid = bid;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(expiresAtMs / 1000))
        .sign(key);
    },
    async verify(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every(isCanonicalBase64url)) return { ok: false, reason: 'invalid', claimedKind: null };
      const claimedKind = claimedKindOf(token);
      try {
        // Only HS256 is ever accepted: a token announcing another algorithm (or none) is forged.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp'],
        });
        if (!isClaims(payload)) return { ok: false, reason: 'invalid', claimedKind };
        return { ok: true, claims: claimsOf(payload) };
      } catch (error) {
        // jose checks the signature before the claims: an expired token is a genuine one of ours.
        if (error instanceof errors.JWTExpired && isClaims(error.payload))
          return { ok: false, reason: 'expired', claimedKind, claims: claimsOf(error.payload) };
        if (error instanceof errors.JOSEError) return { ok: false, reason: 'invalid', claimedKind };
        throw error;
      }
    },
  };
}
