import { z } from 'zod';
import { DateTime, Int, itemsOf, Msisdn, queryEnum, streamLanguage } from './common';
import { StartPaymentResponse } from './payments';

export const LotStatus = z.enum(['upcoming', 'active', 'ended', 'sold']);

/**
 * A buy-now of the visitor's own (POST /auctions/{id}/buy-now): pending until paid or its window
 * ends; paid: the lot is theirs (it ended then); cancelled: another buy-now was paid first, nothing
 * was taken; refunded: paid when the lot could no longer be had, given back; lapsed: not paid in
 * time (the phone is then barred from bidding, rule 7); declined.
 */
export const MyBuyNow = z
  .strictObject({
    status: z.enum(['pending', 'paid', 'declined', 'cancelled', 'refunded', 'lapsed']),
    amount: Int,
    /** The end of its payment window. */
    expiresAt: DateTime,
  })
  .meta({ id: 'MyBuyNow' });

/**
 * The visitor's deposit on a lot that asks for one (POST /auctions/{id}/deposit): pending until
 * paid; held while they take part (bids need it); returned when the lot ends for everyone but the
 * winner, and to the winner once they pay; kept when the winner's turn to buy passed unpaid;
 * declined, refunded (paid after the window or after the lot ended) or lapsed (not paid in time):
 * nothing is held, another may be paid.
 */
export const MyDeposit = z
  .strictObject({
    status: z.enum(['pending', 'held', 'returned', 'kept', 'declined', 'refunded', 'lapsed']),
    amount: Int,
    /** The end of its payment window. */
    expiresAt: DateTime,
  })
  .meta({ id: 'MyDeposit' });

const lotShape = {
  id: z.string(),
  number: Msisdn,
  formatted: z.string(),
  status: LotStatus,
  startPrice: Int,
  step: Int,
  buyNowPrice: Int.nullable(),
  currentBid: Int.nullable(),
  /** The smallest bid accepted now: the start price or current + step, but never above the buy-now price. */
  minimumBid: Int,
  bidCount: Int,
  startsAt: DateTime,
  endsAt: DateTime,
  /** The server's clock when answering, so the page can count down without trusting the device. */
  serverTime: DateTime,
  soldPrice: Int.nullable(),
  /** With an auth token: the visitor's best bid and rank among bidders (1 = leading). */
  myBid: Int.nullable(),
  myPosition: Int.min(1).nullable(),
  /** After the end: whether the visitor is the bidder whose turn it is to buy, and until when. */
  myTurnToBuyUntil: DateTime.nullable(),
  /**
   * Only in answers to the owner's own requests (an auth token): their maximum on this lot, or
   * null without one. Never in the live streams, never to anyone else.
   */
  myMaxBid: Int.nullable().optional(),
  /** The deposit a bid on this lot needs first (a premium lot), or null when bids need none. */
  depositAmount: Int.nullable(),
  /** Only in answers to the owner's own requests, like myMaxBid: their latest buy-now of this lot, or null. */
  myBuyNow: MyBuyNow.nullable().optional(),
  /** Only in answers to the owner's own requests: their latest deposit on this lot, or null. */
  myDeposit: MyDeposit.nullable().optional(),
  /** Only in answers to the owner's own requests: until when the phone may not bid or buy now (rule 7), or null. */
  myBannedUntil: DateTime.nullable().optional(),
  rules: z
    .strictObject({
      /** A bid in the last this many seconds moves the end to this many seconds after it. */
      lateBidSeconds: Int,
      /** Late bids move the end by at most this many seconds past the lot's scheduled end, in all. */
      extendMaxSeconds: Int,
      /** The latest the lot can end, however many late bids come (its scheduled end + extendMaxSeconds). */
      latestEndAt: DateTime,
      /** The winner pays within this many seconds of the end (the next bidder's turn after each further window): the premium payment window. */
      paymentWindowSeconds: Int,
      /**
       * When the winner does not pay: the next bidder may buy at their own best bid; with nobody left the number goes back on
       * sale. A bidder whose turn passed unpaid may not bid on a later lot of the number (403 auction_turn_lapsed).
       */
      whenUnpaid: z.enum(['relist']),
      /** Buy now starts a payment that must be completed within this many seconds; the lot ends only when a buy-now is paid. */
      buyNowWindowSeconds: Int,
      /** A phone that let a payment window lapse (its turn to buy, or a buy-now) may not bid or buy now for this many seconds. */
      banSeconds: Int,
      /** The deposit (depositAmount) as a percentage of the start price; 0 when the lot asks for none. */
      depositPercent: Int,
      /** A plain bid may be at most this many steps above minimumBid (409 bid_too_far_above); more is set as a maximum. */
      plainBidMaxSteps: Int,
      /**
       * A bid or maximum above this sum (UZS) is one the site asks the bidder to review before sending
       * it (AUCTION_CONFIRM_BID_ABOVE): a slipped zero is not placed with one tap. The API accepts it as any other.
       */
      confirmAbove: Int,
    })
    .meta({ id: 'AuctionRules' }),
};

export const AuctionLot = z.strictObject(lotShape).meta({ id: 'AuctionLot' });
export const AuctionLotList = itemsOf(AuctionLot).meta({ id: 'AuctionLotList' });
export const Bid = z
  .strictObject({
    amount: Int,
    /** Masked, e.g. +998 90 *** ** 67 */
    bidder: z.string(),
    createdAt: DateTime,
    mine: z.boolean(),
    /** Placed by the reference API for the bidder's maximum (never saying what the maximum is). */
    automatic: z.boolean(),
  })
  .meta({ id: 'Bid' });
export const AuctionLotDetail = z.strictObject({ ...lotShape, bids: z.array(Bid) }).meta({ id: 'AuctionLotDetail' });
export const PlaceBidResponse = z.strictObject({ bid: Bid, lot: AuctionLot }).meta({ id: 'PlaceBidResponse' });
export const StreamToken = z.strictObject({ streamToken: z.string(), expiresAt: DateTime }).meta({ id: 'StreamToken' });

// The data of the live streams' events (Server-Sent Events: documented, not JSON responses).
export const LotBidEvent = z.strictObject({ lotId: z.string(), bid: Bid.optional(), lot: AuctionLot }).meta({ id: 'LotBidEvent' });
export const LotExtendedEvent = z
  .strictObject({ lotId: z.string(), endsAt: DateTime, serverTime: DateTime })
  .meta({ id: 'LotExtendedEvent' });
export const LotEndEvent = z.strictObject({ lot: AuctionLot }).meta({ id: 'LotEndEvent' });

export const AuctionListQuery = z.strictObject({ status: queryEnum(LotStatus) });
/** The most a bid may be: a sane cap far above any number's price. */
export const MAX_BID_AMOUNT = 1_000_000_000_000;
export const PlaceBidBody = z.strictObject({ amount: z.int().min(1).max(MAX_BID_AMOUNT) });
/** What buying now or paying a deposit answers: the payment's own, as an order's (StartPaymentResponse), and the lot after it. */
export const AuctionPaymentResponse = StartPaymentResponse.extend({
  /** The end of the payment window: unpaid by then, a buy-now lapses (rule 7). */
  expiresAt: DateTime,
  kind: z.enum(['buy_now', 'deposit']),
}).meta({ id: 'AuctionPaymentResponse' });
/** A maximum (proxy) bid: the most the bidder will pay, in whole sum. */
export const MaxBidBody = z.strictObject({ maxAmount: z.int().min(1).max(MAX_BID_AMOUNT) });
/** The lot stream's query (read by the stream itself, documented here). */
export const LotEventsQuery = z.strictObject({
  token: z.string().optional().meta({
    description:
      'A stream token of this lot (POST /auctions/{id}/stream-token): shows its owner their own position. EventSource sends no headers.',
  }),
  lang: streamLanguage,
});
/** The query of the stream of every lot's bids (the auction list): only the language, no owner to show a position to. */
export const AuctionEventsQuery = z.strictObject({ lang: streamLanguage });
