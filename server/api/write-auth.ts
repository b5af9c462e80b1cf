import type { Request } from 'express';
import { CREDENTIAL_HEADERS, type Credential } from '../../shared/contract/credentials';
import { AUTH_KINDS, type AuthKind, type AuthName, type LimitName, type Refusal } from '../../shared/writes';
import type { ApiContext } from './context';
import { ApiError, badRequest } from './http/api-error';
import { clientKey, networkKey, type Counted } from './http/limits';
import { optionalToken, requireToken } from './http/request-tokens';
import type { TokenClaims } from './http/tokens';

/** The refusal of a token the request does not carry; a 400 names the header the token travels in. */
function missing([status, code]: Refusal, kind: Credential): ApiError {
  return status === 400 ? badRequest(code, CREDENTIAL_HEADERS[kind]) : new ApiError(status, code);
}

const orderedStatements = new WeakMap<ApiContext['db'], (id: string) => boolean>();

/**
 * A booking's token outlives its booking's end once the booking became an order, which holds the
 * number until its payment deadline: it still reads the booking (`status: ordered`, its order),
 * and cancelling or ordering it again is refused as for any ordered booking (409). Once the order
 * lapsed unpaid, the token has expired as the booking's own would have (401 `reservation_expired`).
 */
function orderedBooking(ctx: ApiContext): (claims: TokenClaims) => boolean {
  let isOrdered = orderedStatements.get(ctx.db);
  if (!isOrdered) {
    const held = ctx.db
      .prepare(
        `SELECT 1 FROM reservations r JOIN orders o ON o.id = r.order_id
         WHERE r.id = @id AND r.status = 'ordered' AND (o.status IN ('paid', 'activated') OR o.payment_deadline > @now)`,
      )
      .pluck();
    isOrdered = (id) => held.get({ id, now: ctx.now() }) === 1;
    orderedStatements.set(ctx.db, isOrdered);
  }
  return (claims) => isOrdered(claims.sub);
}

/**
 * The tokens a kind of auth reads (shared/writes/declaration.ts AUTH_KINDS), in its order: a
 * required one refused when absent, expired or forged (request-tokens.ts), an optional one null
 * unless valid. Verified before the write's transaction, never inside it.
 */
export async function tokensOf(ctx: ApiContext, req: Request, auth: AuthName): Promise<Record<string, TokenClaims | null>> {
  const kind: AuthKind = AUTH_KINDS[auth];
  const tokens: Record<string, TokenClaims | null> = {};
  for (const [credential, rule] of Object.entries(kind.tokens) as [Credential, AuthKind['tokens'][Credential]][]) {
    tokens[credential] =
      rule === 'optional' || rule === undefined
        ? await optionalToken(ctx, req, credential)
        : await requireToken(
            ctx,
            req,
            credential,
            missing(rule, credential),
            credential === 'reservation' ? orderedBooking(ctx) : undefined,
          );
  }
  if (kind.oneOf && Object.values(tokens).every((claims) => claims === null)) {
    const first = Object.keys(kind.tokens)[0] as Credential;
    await requireToken(ctx, req, first, missing(kind.oneOf, first));
  }
  return tokens;
}

/** A bid counts whatever comes of it: the phone's own requests, refused or not. */
const BIDS_COUNT_REFUSALS: Counted = { refused: () => Promise.resolve(), unspent: () => Promise.resolve() };

/**
 * Counts a declared limit (shared/writes/declaration.ts LIMITS): a 429 past it. Bookings and
 * watches count only what was done: the write's refusal hands its point back (`Counted.refused`),
 * and so does an answer that did nothing new (`nothingNew`). A booking with a confirmed phone's
 * auth token counts against the phone's budget, not its address's nor its network's.
 */
export async function countLimit(
  ctx: ApiContext,
  req: Request,
  limit: LimitName,
  tokens: Record<string, TokenClaims | null>,
): Promise<Counted> {
  if (limit === 'reservation') return ctx.limits.reservation(clientKey(req.ip), networkKey(req.ip), tokens.auth?.sub ?? null);
  if (limit === 'watch') return ctx.limits.watch(clientKey(req.ip));
  const phone = tokens.auth?.sub;
  if (phone === undefined) throw new Error('A write counting bids per phone must ask for the auth token');
  await ctx.limits.bid(phone);
  return BIDS_COUNT_REFUSALS;
}
