/** The operations of the auctions of rare numbers: their live event streams, bids and the winner's reservation. */
import * as C from '../../../shared/contract';
import { id, type Operation } from './operation';

/** The live event streams of the lots, and the token a stream URL carries. */
export const AUCTION_STREAM_OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/auctions/events',
    operationId: 'streamAllLots',
    summary: 'Live bids of every lot (the auction list), as Server-Sent Events',
    tag: 'auctions',
    query: C.AuctionEventsQuery,
    ok: [200, null],
    events:
      'Event stream. `snapshot` (data: AuctionLotList of the active lots), then `bid` (data: LotBidEvent, without the bid) for each bid on any lot. `id:` is the bid id; a reconnect with `Last-Event-ID` gets exactly the bids after it. A comment line every 15 s. Refusals (400 for an unknown parameter, 429, and 503 `streams_busy` when the server holds LIMIT_STREAMS_TOTAL streams) are JSON with Retry-After where it applies, before any event, in the language of `lang` (EventSource sends no X-Language, so a browser names it in the URL), else of the headers.',
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
      "Event stream. `snapshot` first (data: AuctionLotDetail), then per accepted bid `bid` (data: LotBidEvent; the bidder masked, `mine` and `lot.myPosition` only for the stream token's owner), `extended` after a bid that moved the end (data: LotExtendedEvent), and at the end `ended` or `sold` (data: LotEndEvent), after which the stream closes. `id:` on every event is the id of the last bid it reflects; a reconnect with `Last-Event-ID` gets exactly the bids after it (no snapshot), then live ones. A comment line every 15 s. Refusals (404, 401, 429, and 503 `streams_busy` when the server holds LIMIT_STREAMS_TOTAL streams) are JSON, before any event, in the language of `lang` (EventSource sends no X-Language, so a browser names it in the URL), else of the headers.",
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
];

/** Bids, the standing maximum, and the winner's reservation. */
export const AUCTION_BID_OPERATIONS: Operation[] = [
  {
    method: 'post',
    path: '/auctions/{id}/bids',
    operationId: 'placeBid',
    summary:
      'Place a bid (SMS-verified phone; not while leading; below the buy-now price; on a lot with a depositAmount, after paying the deposit; not while barred after a lapsed payment window)',
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
    summary: 'Winner reserves the number at the winning price; whoever bought it now, at no further price',
    tag: 'auctions',
    params: id,
    security: 'auth',
    ok: [201, C.ReservationResponse],
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'post',
    path: '/auctions/{id}/buy-now',
    operationId: 'buyNow',
    summary:
      'Buy now: starts a sandbox payment of the buy-now price with a window of AUCTION_BUY_NOW_WINDOW_MINUTES; the lot stays open, and the first buy-now paid ends it. Asked again while pending, the same payment',
    tag: 'auctions',
    params: id,
    body: C.StartPaymentBody,
    security: 'auth',
    ok: [201, C.AuctionPaymentResponse],
    errors: [400, 401, 403, 404, 409, 429],
    errorText: {
      403: '`auction_banned` (`bannedUntil`): a payment window lapsed; `auction_turn_lapsed`',
      409: '`buy_now_unavailable`, `auction_not_started`, `auction_ended`',
    },
  },
  {
    method: 'post',
    path: '/auctions/{id}/deposit',
    operationId: 'payDeposit',
    summary:
      'Pay the deposit a premium lot asks before a bid (its depositAmount) as a sandbox payment: held while the lot is open, returned at the end to all but the winner, kept if the winner does not pay. Asked again while pending, the same payment',
    tag: 'auctions',
    params: id,
    body: C.StartPaymentBody,
    security: 'auth',
    ok: [201, C.AuctionPaymentResponse],
    errors: [400, 401, 403, 404, 409, 429],
    errorText: {
      403: '`auction_banned` (`bannedUntil`); `auction_turn_lapsed`',
      409: '`deposit_already_paid`, `deposit_not_required`, `auction_ended`',
    },
  },
];
