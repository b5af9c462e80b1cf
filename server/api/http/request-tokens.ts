import type { Request } from 'express';
import { CREDENTIAL_HEADER_NAMES } from '../../../shared/contract/credentials';
import type { ApiContext } from '../context';
import { ApiError, unauthorized } from './api-error';
import type { TokenClaims, TokenKind } from './tokens';

/**
 * The site's shared client sends one Bearer token (the last valid of reservation-token,
 * auth_token, access_token), so a request that needs two credentials carries the others in
 * dedicated headers (CREDENTIAL_HEADERS). Each token says its own kind; where it came from does
 * not matter.
 */
function presented(req: Request): string[] {
  const tokens: string[] = [];
  const auth = req.get('authorization');
  const bearer = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  if (bearer) tokens.push(bearer[1]);
  for (const header of CREDENTIAL_HEADER_NAMES) {
    const value = req.get(header)?.trim();
    if (value) tokens.push(value);
  }
  return tokens;
}

/**
 * The valid token of that kind, or null; bad tokens are ignored (for optional personalisation).
 * Verification is asynchronous (jose): await it before a write transaction, never inside one.
 */
export async function optionalToken(ctx: ApiContext, req: Request, kind: TokenKind): Promise<TokenClaims | null> {
  for (const token of presented(req)) {
    const result = await ctx.tokens.verify(token);
    if (result.ok && result.claims.kind === kind) return result.claims;
  }
  return null;
}

/**
 * The valid token of that kind. Otherwise: an expired one of that kind is a 401 (for a
 * reservation, the spec's "booking expired" message) unless `stillValid` accepts its claims, a
 * forged one a 401, none at all `missing`.
 */
export async function requireToken(
  ctx: ApiContext,
  req: Request,
  kind: TokenKind,
  missing: ApiError,
  stillValid?: (claims: TokenClaims) => boolean,
): Promise<TokenClaims> {
  let failure: ApiError | null = null;
  for (const token of presented(req)) {
    const result = await ctx.tokens.verify(token);
    if (result.ok) {
      if (result.claims.kind === kind) return result.claims;
      continue;
    }
    if (result.claimedKind !== null && result.claimedKind !== kind && result.reason === 'expired') continue;
    if (result.reason === 'expired' && result.claims.kind === kind && stillValid?.(result.claims)) return result.claims;
    if (result.reason === 'expired') failure = unauthorized(kind === 'reservation' ? 'reservation_expired' : 'token_expired');
    else failure ??= unauthorized('token_invalid');
  }
  throw failure ?? missing;
}
