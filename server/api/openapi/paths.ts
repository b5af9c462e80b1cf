import { bool, int, num, obj, ref, str, enumOf, type Schema } from './schema-helpers';

type Security = 'reservation' | 'auth' | 'order' | 'reservationAndAuth' | 'orderOrAuth' | 'optionalAuth';

interface Operation {
  summary: string;
  tag: string;
  query?: Record<string, Schema>;
  path?: Record<string, Schema>;
  body?: Schema;
  security?: Security;
  ok: [status: number, schema: string | null];
  /** A Server-Sent Events response instead of JSON: what its events are. */
  events?: string;
  errors: number[];
}

const SECURITY: Record<Security, unknown[]> = {
  reservation: [{ reservationToken: [] }, { bearer: [] }],
  auth: [{ bearer: [] }, { authToken: [] }],
  order: [{ bearer: [] }],
  reservationAndAuth: [{ reservationToken: [], bearer: [] }, { reservationToken: [], authToken: [] }],
  orderOrAuth: [{ bearer: [] }, { accessToken: [] }, { authToken: [] }],
  optionalAuth: [{}, { bearer: [] }],
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
};

function operation(op: Operation): Schema {
  const parameters = [
    ...Object.entries(op.path ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema })),
    ...Object.entries(op.query ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema })),
    { $ref: '#/components/parameters/XLanguage' },
  ];
  const responses: Record<string, unknown> = {};
  const [status, schema] = op.ok;
  responses[String(status)] = op.events
    ? { description: op.events, content: { 'text/event-stream': { schema: str() } } }
    : schema
      ? { description: 'OK', content: { 'application/json': { schema: ref(schema) } } }
      : { description: 'No content' };
  for (const code of [...op.errors, ...(op.body ? [413, 415] : [])]) {
    responses[String(code)] = { description: ERROR_TEXT[code], content: { 'application/json': { schema: ref('Error') } } };
  }
  return {
    summary: op.summary,
    tags: [op.tag],
    parameters,
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    ...(op.security ? { security: SECURITY[op.security] } : {}),
    responses,
  };
}

const page = { page: int({ minimum: 1 }), pageSize: int({ minimum: 1, maximum: 100 }) };
const id = (name = 'id') => ({ [name]: str() });

export const PATHS: Record<string, Record<string, Schema>> = {
  '/news': { get: operation({ summary: 'News, newest first', tag: 'news', query: page, ok: [200, 'NewsList'], errors: [400] }) },
  '/news/{slug}': { get: operation({ summary: 'One news item', tag: 'news', path: id('slug'), ok: [200, 'NewsItem'], errors: [404] }) },
  '/tariffs': { get: operation({ summary: 'Ready tariffs with a subscription fee', tag: 'tariffs', ok: [200, 'TariffList'], errors: [] }) },
  '/tariffs/{id}': { get: operation({ summary: 'One ready tariff', tag: 'tariffs', path: id(), ok: [200, 'ReadyTariff'], errors: [404] }) },
  '/tariff-constructor': { get: operation({ summary: 'Constructor steps, add-ons and discount', tag: 'tariffs', ok: [200, 'ConstructorOptions'], errors: [] }) },
  '/tariff-constructor/quote': {
    get: operation({
      summary: 'Price of a combination (same function as shared/tariff-pricing.ts)',
      tag: 'tariffs',
      query: { internetGb: int(), minutes: int(), sms: int(), nightInternet: bool(), dedicated: bool() },
      ok: [200, 'TariffQuote'],
      errors: [400],
    }),
  },
  '/sim-types': { get: operation({ summary: 'eSIM and physical SIM', tag: 'tariffs', ok: [200, 'SimTypeList'], errors: [] }) },
  '/numbers': {
    get: operation({
      summary: 'Search numbers',
      tag: 'numbers',
      query: {
        category: enumOf('free', 'bronze', 'silver', 'gold', 'platinum'),
        contains: str({ pattern: '^[0-9]{1,9}$' }),
        endsWith: str({ pattern: '^[0-9]{1,9}$' }),
        mask: str({ description: 'e.g. XXX-YY-YY: same letter = same digit, different letters = different digits, _ any digit' }),
        pattern: enumOf('repeats', 'mirror', 'sequence'),
        sort: enumOf('price_asc', 'price_desc'),
        includeUnavailable: bool(),
        ...page,
        cursor: str({ description: "nextCursor of the previous page: seeks straight to the next one, stable while numbers are reserved; page then only labels it", pattern: '^[0-9]{1,15}_998[0-9]{9}$' }),
      },
      ok: [200, 'NumberList'],
      errors: [400],
    }),
  },
  '/numbers/categories': { get: operation({ summary: 'Categories with price and pattern', tag: 'numbers', ok: [200, 'CategoryList'], errors: [] }) },
  '/numbers/{number}': { get: operation({ summary: 'One number and its status', tag: 'numbers', path: id('number'), ok: [200, 'PhoneNumber'], errors: [400, 404] }) },
  '/reservations': {
    post: operation({
      summary: 'Reserve a number; with a held reservation token, replace it atomically',
      tag: 'reservations',
      body: obj({ number: str() }),
      security: 'optionalAuth',
      ok: [201, 'ReservationResponse'],
      errors: [400, 404, 409, 429],
    }),
  },
  '/reservations/current': {
    get: operation({ summary: 'The reservation of the token', tag: 'reservations', security: 'reservation', ok: [200, 'Reservation'], errors: [400, 401, 404] }),
    delete: operation({ summary: 'Cancel the reservation', tag: 'reservations', security: 'reservation', ok: [204, null], errors: [400, 401, 404, 409] }),
  },
  '/auctions': {
    get: operation({ summary: 'Auction lots', tag: 'auctions', query: { status: enumOf('upcoming', 'active', 'ended', 'sold') }, security: 'optionalAuth', ok: [200, 'AuctionLotList'], errors: [400] }),
  },
  '/auctions/{id}': { get: operation({ summary: 'One lot with recent bids', tag: 'auctions', path: id(), security: 'optionalAuth', ok: [200, 'AuctionLotDetail'], errors: [404] }) },
  '/auctions/events': {
    get: operation({
      summary: 'Live bids of every lot (the auction list), as Server-Sent Events',
      tag: 'auctions',
      ok: [200, null],
      events:
        'Event stream. `snapshot` (data: AuctionLotList of the active lots), then `bid` (data: LotBidEvent, without the bid) for each bid on any lot. `id:` is the bid id; a reconnect with `Last-Event-ID` gets exactly the bids after it. A comment line every 15 s.',
      errors: [400, 429],
    }),
  },
  '/auctions/{id}/events': {
    get: operation({
      summary: 'Live events of one lot, as Server-Sent Events',
      tag: 'auctions',
      path: id(),
      query: { token: str({ description: 'A stream token of this lot (POST /auctions/{id}/stream-token): shows its owner their own position. EventSource sends no headers.' }) },
      ok: [200, null],
      events:
        'Event stream. `snapshot` first (data: AuctionLotDetail), then per accepted bid `bid` (data: LotBidEvent; the bidder masked, `mine` and `lot.myPosition` only for the stream token\'s owner), `extended` after a bid that moved the end (data: LotExtendedEvent), and at the end `ended` or `sold` (data: LotEndEvent), after which the stream closes. `id:` on every event is the id of the last bid it reflects; a reconnect with `Last-Event-ID` gets exactly the bids after it (no snapshot), then live ones. A comment line every 15 s. Refusals (404, 401, 429) are JSON, before any event.',
      errors: [400, 401, 404, 429],
    }),
  },
  '/auctions/{id}/stream-token': {
    post: operation({ summary: 'A read-only token for this lot\'s event stream URL (6 hours)', tag: 'auctions', path: id(), security: 'auth', ok: [201, 'StreamToken'], errors: [401, 404] }),
  },
  '/auctions/{id}/bids': {
    post: operation({ summary: 'Place a bid (SMS-verified phone)', tag: 'auctions', path: id(), body: obj({ amount: int({ minimum: 1 }) }), security: 'auth', ok: [201, 'PlaceBidResponse'], errors: [400, 401, 404, 409, 429] }),
  },
  '/auctions/{id}/reservation': {
    post: operation({ summary: 'Winner reserves the number at the winning price', tag: 'auctions', path: id(), security: 'auth', ok: [201, 'ReservationResponse'], errors: [401, 403, 404, 409] }),
  },
  '/auth/sms': {
    post: operation({ summary: 'Send an SMS code (1 per 60 s, 5 per hour per number; codes to at most LIMIT_SMS_PHONES_PER_HOUR phones per client)', tag: 'auth', body: obj({ phone: str() }), ok: [201, 'SmsCodeResponse'], errors: [400, 429] }),
  },
  '/auth/sms/verify': {
    post: operation({ summary: 'Verify the code: auth_token and auth_token_number', tag: 'auth', body: obj({ phone: str(), code: str() }), ok: [200, 'SmsVerifyResponse'], errors: [400] }),
  },
  '/identification/remote': {
    post: operation({
      summary: 'Remote identification: passport or PINFL and date of birth',
      tag: 'identification',
      body: obj({ document: str(), birthDate: str({ pattern: '^\\d{2}\\.\\d{2}\\.\\d{4}$' }) }),
      security: 'auth',
      ok: [201, 'Identification'],
      errors: [400, 401],
    }),
  },
  '/identification/manual': {
    post: operation({
      summary: 'Manual identification: an appointment at a point of sale',
      tag: 'identification',
      body: obj({ pointOfSaleId: str(), date: str({ format: 'date' }) }, ['date']),
      security: 'auth',
      ok: [201, 'Identification'],
      errors: [400, 401],
    }),
  },
  '/identification/current': { get: operation({ summary: 'Latest identification of the phone', tag: 'identification', security: 'auth', ok: [200, 'Identification'], errors: [401, 404] }) },
  '/orders': {
    post: operation({ summary: 'Create an order from the reserved number', tag: 'orders', body: ref('CreateOrderRequest'), security: 'reservationAndAuth', ok: [201, 'CreateOrderResponse'], errors: [400, 401, 403, 404, 409, 429] }),
  },
  '/orders/{id}': { get: operation({ summary: 'The order', tag: 'orders', path: id(), security: 'orderOrAuth', ok: [200, 'Order'], errors: [401, 403, 404] }) },
  '/orders/{id}/status': {
    get: operation({ summary: "\"I've already paid\": activated or not paid", tag: 'orders', path: id(), security: 'orderOrAuth', ok: [200, 'OrderStatusResponse'], errors: [401, 403, 404] }),
  },
  '/orders/{id}/payments': {
    post: operation({
      summary: 'Start a payment: URL of the sandbox payment page',
      tag: 'orders',
      path: id(),
      body: obj({ provider: enumOf('payme', 'click', 'uzum', 'card'), returnPath: str({ pattern: '^/(?![/\\\\])' }) }, ['returnPath']),
      security: 'orderOrAuth',
      ok: [201, 'StartPaymentResponse'],
      errors: [400, 401, 403, 404, 409],
    }),
  },
  '/points-of-sale': {
    get: operation({
      summary: 'Points of sale; with lat/lon, nearest first with distanceKm',
      tag: 'points of sale',
      query: { city: str(), service: enumOf('sim', 'esim', 'identification'), lat: num(), lon: num(), limit: int({ minimum: 1, maximum: 100 }) },
      ok: [200, 'PointOfSaleList'],
      errors: [400],
    }),
  },
  '/points-of-sale/{id}': { get: operation({ summary: 'One point of sale', tag: 'points of sale', path: id(), ok: [200, 'PointOfSale'], errors: [404] }) },
};
