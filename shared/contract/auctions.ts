import { z } from 'zod';
import { DateTime, Int, itemsOf, Msisdn, queryEnum, streamLanguage } from './common';

export const LotStatus = z.enum(['upcoming', 'active', 'ended', 'sold']);

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
      whenUnpaid: z.enum(['next_bidder']),
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
