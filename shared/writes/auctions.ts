/** The writes of the auctions of rare numbers: their live event streams, bids, the winner's reservation and the payments of a lot. */
import type { WriteDeclaration } from './declaration';

/** What stops a phone's bid (or a maximum, buy-now, deposit) on a lot open for bids. */
const BARRED = ['auction_turn_lapsed', 'auction_banned'] as const;

export const AUCTION_WRITES = {
  streamAllLots: {
    method: 'get',
    path: '/auctions/events',
    summary: 'Live bids of every lot (the auction list), as Server-Sent Events',
    tag: 'auctions',
    query: 'AuctionEventsQuery',
    status: 200,
    errors: { 429: ['too_many_streams', 'too_many_network_streams'], 503: ['streams_busy'] },
    events:
      'Event stream. `snapshot` (data: AuctionLotList of the active lots), then `bid` (data: LotBidEvent, without the bid) for each bid on any lot. `id:` is the bid id; a reconnect with `Last-Event-ID` gets exactly the bids after it. A comment line every 15 s. Refusals (400 for an unknown parameter, 429, and 503 `streams_busy` when the server holds LIMIT_STREAMS_TOTAL streams) are JSON with Retry-After where it applies, before any event, in the language of `lang` (EventSource sends no X-Language, so a browser names it in the URL), else of the headers.',
  },
  streamLot: {
    method: 'get',
    path: '/auctions/{id}/events',
    summary: 'Live events of one lot, as Server-Sent Events',
    tag: 'auctions',
    query: 'LotEventsQuery',
    status: 200,
    errors: {
      401: ['token_invalid', 'token_expired'],
      404: ['lot_not_found'],
      429: ['too_many_streams', 'too_many_network_streams'],
      503: ['streams_busy'],
    },
    events:
      "Event stream. `snapshot` first (data: AuctionLotDetail), then per accepted bid `bid` (data: LotBidEvent; the bidder masked, `mine` and `lot.myPosition` only for the stream token's owner), `extended` after a bid that moved the end (data: LotExtendedEvent), and at the end `ended` or `sold` (data: LotEndEvent), after which the stream closes. `id:` on every event is the id of the last bid it reflects; a reconnect with `Last-Event-ID` gets exactly the bids after it (no snapshot), then live ones. A comment line every 15 s. Refusals (404, 401, 429, and 503 `streams_busy` when the server holds LIMIT_STREAMS_TOTAL streams) are JSON, before any event, in the language of `lang` (EventSource sends no X-Language, so a browser names it in the URL), else of the headers.",
  },
  createStreamToken: {
    method: 'post',
    path: '/auctions/{id}/stream-token',
    summary: "A read-only token for this lot's event stream URL (6 hours)",
    tag: 'auctions',
    answer: 'StreamToken',
    status: 201,
    auth: 'auth',
    errors: { 404: ['lot_not_found'] },
  },
  placeBid: {
    method: 'post',
    path: '/auctions/{id}/bids',
    summary:
      'Place a bid (SMS-verified phone; not while leading; below the buy-now price; on a lot with a depositAmount, after paying the deposit; not while barred after a lapsed payment window)',
    tag: 'auctions',
    body: 'PlaceBidBody',
    answer: 'PlaceBidResponse',
    status: 201,
    auth: 'auth',
    limit: 'bid',
    errors: {
      400: ['bid_too_low'],
      403: [...BARRED, 'deposit_required'],
      404: ['lot_not_found'],
      409: ['bid_reaches_buy_now', 'bid_too_far_above', 'bid_already_leading', 'auction_not_started', 'auction_ended'],
    },
  },
  setMaxBid: {
    method: 'post',
    path: '/auctions/{id}/max-bid',
    summary:
      'Set, raise or lower your maximum: the reference API bids for you, one step over the best rival, up to it (only you ever see it); once another bidder has bid against it, it can only be raised',
    tag: 'auctions',
    body: 'MaxBidBody',
    answer: 'AuctionLotDetail',
    status: 200,
    auth: 'auth',
    limit: 'bid',
    errors: {
      400: ['max_bid_too_low', 'max_bid_reaches_buy_now'],
      403: [...BARRED, 'deposit_required'],
      404: ['lot_not_found'],
      409: ['max_bid_contested', 'max_bid_below_price', 'auction_not_started', 'auction_ended'],
    },
  },
  removeMaxBid: {
    method: 'delete',
    path: '/auctions/{id}/max-bid',
    summary: 'Remove your maximum while it stands above the current price and nobody has bid against it (the bids it placed stay)',
    tag: 'auctions',
    answer: 'AuctionLotDetail',
    status: 200,
    auth: 'auth',
    limit: 'bid',
    errors: {
      403: ['auction_turn_lapsed'],
      404: ['lot_not_found', 'max_bid_not_found'],
      409: ['max_bid_spent', 'max_bid_contested', 'auction_not_started', 'auction_ended'],
    },
  },
  reserveWonLot: {
    method: 'post',
    path: '/auctions/{id}/reservation',
    summary: 'Winner reserves the number at the winning price; whoever bought it now, at no further price',
    tag: 'auctions',
    answer: 'ReservationResponse',
    status: 201,
    auth: 'authAndOptionalReservation',
    errors: { 403: ['not_auction_winner'], 404: ['lot_not_found'], 409: ['auction_not_ended', 'auction_ended'] },
  },
  buyNow: {
    method: 'post',
    path: '/auctions/{id}/buy-now',
    summary:
      'Buy now: starts a sandbox payment of the buy-now price with a window of AUCTION_BUY_NOW_WINDOW_MINUTES; the lot stays open, and the first buy-now paid ends it. Asked again while pending with the same body, the same payment; with another, 409 payment_already_pending',
    tag: 'auctions',
    body: 'StartPaymentBody',
    answer: 'AuctionPaymentResponse',
    status: 201,
    auth: 'auth',
    limit: 'bid',
    errors: {
      403: BARRED,
      404: ['lot_not_found'],
      409: ['buy_now_unavailable', 'auction_not_started', 'auction_ended', 'payment_already_pending'],
    },
    errorText: {
      403: '`auction_banned` (`bannedUntil`): a payment window lapsed; `auction_turn_lapsed`',
      409: '`buy_now_unavailable`, `auction_not_started`, `auction_ended`; `payment_already_pending`: a buy-now of another provider or return path is pending',
    },
  },
  payDeposit: {
    method: 'post',
    path: '/auctions/{id}/deposit',
    summary:
      'Pay the deposit a premium lot asks before a bid (its depositAmount) as a sandbox payment: held while the lot is open, returned at the end to all but the winner, kept if the winner does not pay. Asked again while pending with the same body, the same payment; with another, 409 payment_already_pending',
    tag: 'auctions',
    body: 'StartPaymentBody',
    answer: 'AuctionPaymentResponse',
    status: 201,
    auth: 'auth',
    limit: 'bid',
    errors: {
      403: BARRED,
      404: ['lot_not_found'],
      409: ['deposit_already_paid', 'deposit_not_required', 'auction_ended', 'payment_already_pending'],
    },
    errorText: {
      403: '`auction_banned` (`bannedUntil`); `auction_turn_lapsed`',
      409: '`deposit_already_paid`, `deposit_not_required`, `auction_ended`; `payment_already_pending`: a deposit of another provider or return path is pending',
    },
  },
} as const satisfies Record<string, WriteDeclaration>;
