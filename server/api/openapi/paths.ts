import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import * as C from '../../../shared/contract';
import { LANGUAGES } from '../../../shared/languages';
import { paramNameOf, READ_NAMES, READS, type ReadDeclaration, type ReadName, type SchemaName } from '../../../shared/reads';

/** Who may call an operation: the token kinds it reads, as security requirements. */
type Security = 'reservation' | 'auth' | 'reservationAndAuth' | 'orderOrAuth' | 'optionalAuth' | 'optionalReservation';

const SECURITY: Record<Security, Record<string, string[]>[]> = {
  reservation: [{ reservationToken: [] }, { bearer: [] }],
  auth: [{ bearer: [] }, { authToken: [] }],
  reservationAndAuth: [
    { reservationToken: [], bearer: [] },
    { reservationToken: [], authToken: [] },
  ],
  orderOrAuth: [{ bearer: [] }, { accessToken: [] }, { authToken: [] }],
  optionalAuth: [{}, { bearer: [] }, { authToken: [] }],
  optionalReservation: [{}, { reservationToken: [] }, { authToken: [] }, { reservationToken: [], authToken: [] }, { bearer: [] }],
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input; `field` names it',
  401: 'Missing, expired or forged token',
  403: 'The token grants nothing on this resource, or a step is missing',
  404: 'Unknown resource',
  409: 'Conflict with the current state',
  413: 'Body above 100 kB',
  415: 'Body is not JSON',
  429: 'Too many requests; see retryAfterSeconds and Retry-After',
  503: 'The server is at capacity for this kind of request; see retryAfterSeconds and Retry-After',
};

const XLanguage = z.enum(LANGUAGES).optional().meta({
  description: 'Language of messages and texts (uz-cyrl: Uzbek in Cyrillic); else Accept-Language (uz-Cyrl picks uz-cyrl), else ru.',
});
const languageHeader = z.object({ 'X-Language': XLanguage });

interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  security?: Security;
  ok: [status: number, schema: z.ZodType | null];
  /** A Server-Sent Events response instead of JSON: what its events are. */
  events?: string;
  errors: number[];
  /** What an error status means on this operation, where ERROR_TEXT says too little (its codes). */
  errorText?: Partial<Record<number, string>>;
}

const JSON_TYPE = 'application/json';

function route(op: Operation): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  const [status, schema] = op.ok;
  responses[String(status)] = op.events
    ? { description: op.events, content: { 'text/event-stream': { schema: z.string() } } }
    : schema
      ? { description: 'OK', content: { [JSON_TYPE]: { schema } } }
      : { description: 'No content' };
  for (const code of [...op.errors, ...(op.body ? [413, 415] : [])]) {
    responses[String(code)] = {
      description: op.errorText?.[code] ?? ERROR_TEXT[code],
      content: { [JSON_TYPE]: { schema: C.ApiErrorBody } },
    };
  }
  return {
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    request: {
      params: op.params,
      query: op.query,
      headers: languageHeader,
      ...(op.body ? { body: { required: true, content: { [JSON_TYPE]: { schema: op.body } } } } : {}),
    },
    // No requirement listed: the operation reads no token.
    security: op.security ? SECURITY[op.security] : [],
    responses,
  };
}

const id = z.strictObject({ id: z.string() });

const SCHEMAS = C as unknown as Record<SchemaName, z.ZodType>;

/** A public read as its declaration (shared/reads.ts) says: its path parameter as text, its schemas, its 400 and 404. */
function readOperation(name: ReadName): Operation {
  const read: ReadDeclaration = READS[name];
  const paramName = paramNameOf(name);
  const codes = (list: readonly string[]) => list.map((code) => `\`${code}\``).join(', ');
  return {
    method: 'get',
    path: read.path,
    operationId: read.operationId,
    summary: read.summary,
    tag: read.tag,
    params: paramName ? z.strictObject({ [paramName]: z.string() }) : undefined,
    query: read.query ? (SCHEMAS[read.query] as z.ZodObject) : undefined,
    security: read.optionalAuth ? 'optionalAuth' : undefined,
    ok: [200, SCHEMAS[read.answer]],
    errors: read.notFound ? [400, 404] : [400],
    errorText: {
      400: read.badRequestText ?? (read.badRequest ? `${ERROR_TEXT[400]} (${codes(read.badRequest)})` : undefined),
      404: read.notFound ? `${ERROR_TEXT[404]} (${codes([read.notFound])})` : undefined,
    },
  };
}

/** Every JSON endpoint of the API with the schemas of its request and answers (shared/contract): the public reads from their declarations, then the rest. */
export const OPERATIONS: Operation[] = [
  ...READ_NAMES.map(readOperation),
  {
    method: 'get',
    path: '/numbers/events',
    operationId: 'streamNumberStatuses',
    summary: 'Live status of the numbers a results page shows, as Server-Sent Events',
    tag: 'numbers',
    query: C.NumberEventsQuery,
    ok: [200, null],
    events:
      "Event stream. `snapshot` first (data: NumberSnapshotEvent, the present status of each number that exists), then `status` (data: NumberStatusEvent) whenever one of them is reserved, ordered, sold, released or its hold lapses, on any server sharing the store, within a second. `id:` is the change's place in the store's log of number changes; a reconnect with `Last-Event-ID` gets each number changed meanwhile once, at its present status (no snapshot), then live ones; an id the log no longer keeps gets a snapshot. A comment line every 15 s. Refusals (400 naming `numbers`, 429 `too_many_streams`, and 503 `streams_busy`) are JSON with Retry-After where it applies, before any event.",
    errors: [400, 429, 503],
  },
  {
    method: 'post',
    path: '/reservations',
    operationId: 'reserveNumber',
    summary:
      'Reserve a number; with a held reservation token, replace it atomically; past the share of a category anonymous bookings may hold, only with an auth token (403 phone_required)',
    tag: 'reservations',
    body: C.ReserveBody,
    security: 'optionalReservation',
    ok: [201, C.ReservationResponse],
    errors: [400, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/reservations/current',
    operationId: 'getReservation',
    summary: 'The reservation of the token',
    tag: 'reservations',
    security: 'reservation',
    ok: [200, C.Reservation],
    errors: [400, 401, 404],
  },
  {
    method: 'delete',
    path: '/reservations/current',
    operationId: 'cancelReservation',
    summary: 'Cancel the reservation',
    tag: 'reservations',
    security: 'reservation',
    ok: [204, null],
    errors: [400, 401, 404, 409],
  },
  {
    method: 'get',
    path: '/auctions/events',
    operationId: 'streamAllLots',
    summary: 'Live bids of every lot (the auction list), as Server-Sent Events',
    tag: 'auctions',
    ok: [200, null],
    events:
      'Event stream. `snapshot` (data: AuctionLotList of the active lots), then `bid` (data: LotBidEvent, without the bid) for each bid on any lot. `id:` is the bid id; a reconnect with `Last-Event-ID` gets exactly the bids after it. A comment line every 15 s. Refusals (429, and 503 `streams_busy` when the server holds LIMIT_STREAMS_TOTAL streams) are JSON with Retry-After, before any event.',
    errors: [400, 429, 503],
  },
  {
    method: 'get',
    path: '/auctions/{id}/events',
    operationId: 'streamLot',
    summary: 'Live events of one lot, as Server-Sent Events',
    tag: 'auctions',
    params: id,
    query: C.LotEventsQuery,
    ok: [200, null],
    events:
      "Event stream. `snapshot` first (data: AuctionLotDetail), then per accepted bid `bid` (data: LotBidEvent; the bidder masked, `mine` and `lot.myPosition` only for the stream token's owner), `extended` after a bid that moved the end (data: LotExtendedEvent), and at the end `ended` or `sold` (data: LotEndEvent), after which the stream closes. `id:` on every event is the id of the last bid it reflects; a reconnect with `Last-Event-ID` gets exactly the bids after it (no snapshot), then live ones. A comment line every 15 s. Refusals (404, 401, 429, and 503 `streams_busy` when the server holds LIMIT_STREAMS_TOTAL streams) are JSON, before any event.",
    errors: [400, 401, 404, 429, 503],
  },
  {
    method: 'post',
    path: '/auctions/{id}/stream-token',
    operationId: 'createStreamToken',
    summary: "A read-only token for this lot's event stream URL (6 hours)",
    tag: 'auctions',
    params: id,
    security: 'auth',
    ok: [201, C.StreamToken],
    errors: [400, 401, 404],
  },
  {
    method: 'post',
    path: '/watches',
    operationId: 'saveWatch',
    summary:
      'Save a search as a watch (SMS-verified phone, at most 3, for 30 days): one SMS a day at most when a matching number comes free',
    tag: 'watches',
    body: C.WatchBody,
    security: 'auth',
    ok: [201, C.Watch],
    errors: [400, 401, 429],
  },
  {
    method: 'get',
    path: '/watches',
    operationId: 'listWatches',
    summary: "The phone's standing watches",
    tag: 'watches',
    security: 'auth',
    ok: [200, C.WatchList],
    errors: [401],
  },
  {
    method: 'delete',
    path: '/watches/{id}',
    operationId: 'removeWatch',
    summary: 'Remove one of the phone’s watches',
    tag: 'watches',
    params: z.strictObject({ id: z.string() }),
    security: 'auth',
    ok: [204, null],
    errors: [400, 401, 404],
  },
  {
    method: 'post',
    path: '/auctions/{id}/bids',
    operationId: 'placeBid',
    summary: 'Place a bid (SMS-verified phone; not while leading; at or over the buy-now price, a purchase at that price)',
    tag: 'auctions',
    params: id,
    body: C.PlaceBidBody,
    security: 'auth',
    ok: [201, C.PlaceBidResponse],
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'post',
    path: '/auctions/{id}/max-bid',
    operationId: 'setMaxBid',
    summary:
      'Set, raise or lower your maximum: the reference API bids for you, one step over the best rival, up to it (only you ever see it); once another bidder has bid against it, it can only be raised',
    tag: 'auctions',
    params: id,
    body: C.MaxBidBody,
    security: 'auth',
    ok: [200, C.AuctionLotDetail],
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'delete',
    path: '/auctions/{id}/max-bid',
    operationId: 'removeMaxBid',
    summary: 'Remove your maximum while it stands above the current price and nobody has bid against it (the bids it placed stay)',
    tag: 'auctions',
    params: id,
    security: 'auth',
    ok: [200, C.AuctionLotDetail],
    errors: [401, 403, 404, 409, 429],
  },
  {
    method: 'post',
    path: '/auctions/{id}/reservation',
    operationId: 'reserveWonLot',
    summary: 'Winner reserves the number at the winning price',
    tag: 'auctions',
    params: id,
    security: 'auth',
    ok: [201, C.ReservationResponse],
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'post',
    path: '/auth/sms',
    operationId: 'sendSmsCode',
    summary:
      'Send an SMS code (1 per 60 s, 5 per hour per number; codes to at most LIMIT_SMS_PHONES_PER_HOUR phones per client; at most LIMIT_SMS_PER_NETWORK_PER_HOUR codes per network and LIMIT_SMS_TOTAL_PER_HOUR in all per hour: 429 too_many_network_sms, sms_busy)',
    tag: 'auth',
    body: C.SmsCodeBody,
    ok: [201, C.SmsCodeResponse],
    errors: [400, 429],
  },
  {
    method: 'post',
    path: '/auth/sms/verify',
    operationId: 'verifySmsCode',
    summary: 'Verify the code: auth_token and auth_token_number',
    tag: 'auth',
    body: C.SmsVerifyBody,
    ok: [200, C.SmsVerifyResponse],
    errors: [400],
  },
  {
    method: 'post',
    path: '/identification/remote',
    operationId: 'identifyRemotely',
    summary: 'Remote identification: passport or PINFL and date of birth',
    tag: 'identification',
    body: C.RemoteIdentificationBody,
    security: 'auth',
    ok: [201, C.Identification],
    errors: [400, 401],
  },
  {
    method: 'post',
    path: '/identification/manual',
    operationId: 'bookIdentification',
    summary: 'Manual identification: an appointment at a point of sale',
    tag: 'identification',
    body: C.ManualIdentificationBody,
    security: 'auth',
    ok: [201, C.Identification],
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/identification/current',
    operationId: 'getIdentification',
    summary: 'Latest identification of the phone',
    tag: 'identification',
    security: 'auth',
    ok: [200, C.Identification],
    errors: [400, 401, 404],
  },
  {
    method: 'post',
    path: '/orders',
    operationId: 'createOrder',
    summary: 'Create an order from the reserved number',
    tag: 'orders',
    body: C.CreateOrderBody,
    security: 'reservationAndAuth',
    ok: [201, C.CreateOrderResponse],
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/orders/{id}',
    operationId: 'getOrder',
    summary: 'The order',
    tag: 'orders',
    params: id,
    security: 'orderOrAuth',
    ok: [200, C.Order],
    errors: [400, 401, 403, 404],
  },
  {
    method: 'get',
    path: '/orders/{id}/status',
    operationId: 'getOrderStatus',
    summary: '"I\'ve already paid": activated or not paid',
    tag: 'orders',
    params: id,
    security: 'orderOrAuth',
    ok: [200, C.OrderStatusResponse],
    errors: [400, 401, 403, 404],
  },
  {
    method: 'post',
    path: '/orders/{id}/payments',
    operationId: 'startPayment',
    summary: 'Start a payment: URL of the sandbox payment page',
    tag: 'orders',
    params: id,
    body: C.StartPaymentBody,
    security: 'orderOrAuth',
    ok: [201, C.StartPaymentResponse],
    errors: [400, 401, 403, 404, 409],
  },
];

/** The sandbox payment pages: HTML, not JSON, outside the JSON conventions. */
function registerSandbox(registry: OpenAPIRegistry): void {
  const paymentId = z.strictObject({ paymentId: z.string() });
  const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
  registry.registerPath({
    method: 'get',
    path: '/sandbox/payments/{paymentId}',
    operationId: 'sandboxPaymentPage',
    summary: 'Sandbox payment page (HTML, no script, own CSP)',
    tags: ['sandbox'],
    security: [],
    request: { params: paymentId, query: z.strictObject({ lang: z.enum(LANGUAGES).optional() }) },
    responses: { 200: html('HTML page'), 404: html('HTML page: unknown payment') },
  });
  for (const decision of ['approve', 'decline'] as const) {
    registry.registerPath({
      method: 'post',
      path: `/sandbox/payments/{paymentId}/${decision}`,
      operationId: `sandbox${decision === 'approve' ? 'Approve' : 'Decline'}`,
      summary: `${decision === 'approve' ? 'Approve' : 'Decline'} the sandbox payment (form post)`,
      tags: ['sandbox'],
      security: [],
      request: {
        params: paymentId,
        body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: z.strictObject({}) } } },
      },
      responses: {
        303: { description: 'Back to the returnPath given at payment start, with ?order=&payment=approved|declined|refunded' },
        404: html('HTML page: unknown payment'),
      },
    });
  }
}

export function registerOperations(registry: OpenAPIRegistry): void {
  for (const op of OPERATIONS) registry.registerPath(route(op));
  registerSandbox(registry);
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This document',
    tags: ['meta'],
    security: [],
    responses: { 200: { description: 'OpenAPI 3.1 document', content: { [JSON_TYPE]: { schema: z.record(z.string(), z.unknown()) } } } },
  });
}
