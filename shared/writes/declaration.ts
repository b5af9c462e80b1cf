/**
 * The shape of a write's declaration (the tables beside this file, merged in shared/writes/index.ts):
 * every operation of the API that is not a public read of shared/reads.ts. Writes (POST, DELETE),
 * the reads of the caller's own data that need a token (`GET /reservations/current`), and the live
 * event streams. Also the kinds of auth a write may ask and the per-client limits it may count.
 *
 * Schemas are named, not imported, as in shared/reads.ts: only their types come in.
 */
import type { Credential } from '../contract/credentials';
import type { ErrorCode } from '../contract/errors';
import type { SchemaName } from '../reads';

/** A status of a refusal, with the codes it carries. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;
export type Refusals = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

/** A refusal of the auth step: the status and its code. */
export type Refusal = readonly [status: ErrorStatus, code: ErrorCode];

/** How one kind of auth reads its tokens. */
export interface AuthKind {
  /** The column of the docs table. */
  text: string;
  /**
   * Each token it reads, in the order the API checks them: `optional`, or required with the
   * refusal when the request has none of its kind (an expired or forged one is a 401 whatever it is).
   */
  tokens: Partial<Record<Credential, 'optional' | Refusal>>;
  /** Tokens all optional, but one of them needed: the refusal when the request has none (as for its first token). */
  oneOf?: Refusal;
}

/**
 * Who may call a write: the tokens the site sends with it (client/api/writer.ts), the API checks
 * before anything else but the query (server/api/write-auth.ts), and the OpenAPI document lists as
 * its security (server/api/openapi/operation.ts).
 */
export const AUTH_KINDS = {
  /** The booking's own token. */
  reservation: { text: 'reservation', tokens: { reservation: [400, 'number_required'] } },
  /** A phone confirmed by SMS. */
  auth: { text: 'auth', tokens: { auth: [401, 'auth_required'] } },
  /** A phone confirmed by SMS; the booking it holds, if any, is replaced. */
  authAndOptionalReservation: {
    text: 'auth, optional reservation',
    tokens: { auth: [401, 'auth_required'], reservation: 'optional' },
  },
  /** The held number first, then a phone that may buy (the site says which step is missing). */
  reservationAndAuth: {
    text: 'reservation **and** auth',
    tokens: { reservation: [400, 'number_required'], auth: [403, 'registration_required'] },
  },
  /** An order's own token, or the auth token of the phone that placed it. */
  orderOrAuth: { text: 'order or auth (same phone)', tokens: { order: 'optional', auth: 'optional' }, oneOf: [401, 'auth_required'] },
  /** Anyone; a held booking is replaced, a confirmed phone books past the anonymous share. */
  optionalReservationAndAuth: { text: 'optional reservation, optional auth', tokens: { reservation: 'optional', auth: 'optional' } },
} as const satisfies Record<string, AuthKind>;

export type AuthName = keyof typeof AUTH_KINDS;

/**
 * The per-client limits a write counts once its input is checked, before it is answered
 * (server/api/http/limits.ts), with the codes of their refusals (429).
 */
export const LIMITS = {
  /** Bookings made per client and per network an hour, or per phone with its auth token; refused ones apart. */
  reservation: ['too_many_reservations', 'too_many_network_reservations', 'too_many_phone_reservations', 'too_many_refused_requests'],
  /** Watches saved per client an hour; refused ones apart. */
  watch: ['too_many_watch_requests', 'too_many_refused_requests'],
  /** The bidder's own requests per phone a minute (needs the auth token). */
  bid: ['too_many_bids'],
} as const satisfies Record<string, readonly ErrorCode[]>;

export type LimitName = keyof typeof LIMITS;

export interface WriteDeclaration {
  method: 'get' | 'post' | 'delete';
  /** The path under /api/v1, with at most one `{parameter}`. */
  path: `/${string}`;
  summary: string;
  tag: 'numbers' | 'reservations' | 'auctions' | 'auth' | 'watches' | 'identification' | 'orders';
  /** The path parameter's schema, where it is more than any text. */
  params?: SchemaName;
  /** The query's schema; none: the query is not read. */
  query?: SchemaName;
  /** The JSON body's schema; none: a POST takes an empty one (`NoBody`), a GET or DELETE none. */
  body?: SchemaName;
  /** The answer's schema; none: no content (204), or a stream. */
  answer?: SchemaName;
  status: 200 | 201 | 204;
  auth?: AuthName;
  limit?: LimitName;
  /** The codes of its own refusals, by status; the auth, the limit and the input checks add theirs. */
  errors?: Refusals;
  /** What a status means here, where its codes say too little (the OpenAPI document's wording). */
  errorText?: Partial<Record<ErrorStatus, string>>;
  /** A Server-Sent Events stream instead of JSON: what its events are. */
  events?: string;
}
