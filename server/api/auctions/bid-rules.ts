import type { AuctionLot } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import type { LotRow } from './rows';

/**
 * The rules every bid and maximum keeps, as docs/api.md ("Auction rules") states them to bidders
 * and the lot page's rules list repeats them. auction-service.ts applies them inside the write
 * transaction of the request that calls for them.
 *
 * 1. A bid at or above the buy-now price is a purchase at the buy-now price, never more: that is
 *    the amount stored and shown, and the lot ends at once.
 * 2. The minimum bid is the lower of the next step and the buy-now price: buying now stays
 *    possible whatever the bids (or maximums) below it.
 * 3. A maximum another bidder has bid against (any bid of another phone on the lot after it was
 *    first set, plain or automatic) can be raised, never lowered or removed: it cannot drive a
 *    rival's hidden maximum into the open and then leave at no cost to its owner.
 * 4. The leader's own plain bid is refused: it would only raise their own price (and, late,
 *    extend the lot); a maximum is how they bid more. A bid at the buy-now price is still theirs
 *    to make: it is a purchase, not a raise, and ends the lot.
 * 5. A late bid moves the end to `auctionExtendMs` after it, never past the scheduled end plus
 *    `auctionExtendMaxMs`: no run of bids keeps a lot open for ever.
 * 6. A phone whose turn to buy a lot of a number passed unpaid bids on no later lot of that number.
 */

/** The smallest bid accepted now: the next step, or the buy-now price when that is lower. */
export function minimumBid(lot: LotRow, price: number | null): number {
  const next = price === null ? lot.start_price : price + lot.step;
  return lot.buy_now_price === null ? next : Math.min(next, lot.buy_now_price);
}

export const reachesBuyNow = (lot: LotRow, amount: number) => lot.buy_now_price !== null && amount >= lot.buy_now_price;

/** What a plain bid of `amount` is stored and shown as: a bid at or over the buy-now price buys at that price. */
export const amountOfBid = (lot: LotRow, amount: number) => (reachesBuyNow(lot, amount) ? lot.buy_now_price! : amount);

/** The latest the lot may end, however many late bids come. */
export const latestEnd = (lot: LotRow, ctx: ApiContext) => lot.scheduled_ends_at + ctx.auctionExtendMaxMs;

/** Where a bid placed at `at` moves the lot's end (when later than the end it has): the late-bid rule, capped. */
export const lateBidEnd = (lot: LotRow, at: number, ctx: ApiContext) => Math.min(at + ctx.auctionExtendMs, latestEnd(lot, ctx));

/** How long the bidder whose turn it is has to buy a lot they won: the premium payment window. */
export const turnMs = (ctx: ApiContext) => ctx.paymentWindowPremiumMs;

/** What the lot page states where people bid, from the reference API's own settings and the lot's schedule. */
export function lotRules(lot: LotRow, ctx: ApiContext): AuctionLot['rules'] {
  return {
    lateBidSeconds: Math.round(ctx.auctionExtendMs / 1000),
    extendMaxSeconds: Math.round(ctx.auctionExtendMaxMs / 1000),
    latestEndAt: new Date(latestEnd(lot, ctx)).toISOString(),
    paymentWindowSeconds: Math.round(turnMs(ctx) / 1000),
    whenUnpaid: 'next_bidder',
  };
}

/** A plain bid's refusals (rules 2 and 4): the leader's own raise, then an amount below the minimum. */
export function checkBid(lot: LotRow, amount: number, price: number | null, leading: boolean): void {
  if (leading && !reachesBuyNow(lot, amount)) throw new ApiError(409, 'bid_already_leading', { field: 'amount' });
  const minimum = minimumBid(lot, price);
  if (amount < minimum) {
    throw new ApiError(400, 'bid_too_low', { field: 'amount', params: { minimum }, extra: { minimumAmount: minimum } });
  }
}

/** The bidder's standing on a lot when they set or remove a maximum. */
export interface MaxStanding {
  price: number | null;
  leading: boolean;
  /** Their maximum now, or null. */
  current: number | null;
  /** Another phone has bid on the lot since their maximum was first set (rule 3). */
  contested: boolean;
}

/**
 * A maximum's refusals: never at the buy-now price (reaching it is a plain bid's decision), never
 * lowered once contested; a leader's own maximum above the price; any other at least the minimum bid.
 */
export function checkMaximum(lot: LotRow, amount: number, { price, leading, current, contested }: MaxStanding): void {
  if (reachesBuyNow(lot, amount)) {
    throw new ApiError(400, 'max_bid_reaches_buy_now', { field: 'maxAmount', params: { buyNow: lot.buy_now_price! } });
  }
  if (current !== null && amount < current && contested) {
    throw new ApiError(409, 'max_bid_contested', { field: 'maxAmount' });
  }
  if (leading && current !== null) {
    if (price !== null && amount <= price) throw new ApiError(409, 'max_bid_below_price', { field: 'maxAmount', params: { price } });
    return;
  }
  const minimum = minimumBid(lot, price);
  if (amount < minimum) {
    throw new ApiError(400, 'max_bid_too_low', { field: 'maxAmount', params: { minimum }, extra: { minimumAmount: minimum } });
  }
}

/** A maximum may be removed while the price is below it and nobody has bid against it. */
export function checkRemoval({ price, current, contested }: MaxStanding): void {
  if (current === null) throw notFound('max_bid_not_found');
  if (price !== null && current <= price) throw new ApiError(409, 'max_bid_spent', { field: 'maxAmount', params: { price } });
  if (contested) throw new ApiError(409, 'max_bid_contested', { field: 'maxAmount' });
}

/** The place in the ranking of a lot's bidders (0 = best) and the lot's end that decide when a bidder's turn passed. */
export interface EarlierTurn {
  endsAt: number;
  soldAt: number | null;
  soldTo: string | null;
  /** The phone's place among the lot's bidders, best first; -1 when it did not bid. */
  rank: number;
}

/**
 * Rule 6: the phone's turn to buy this earlier lot came and passed unpaid. Turns follow the ranking
 * one window each from the end (turnToBuy); a sale ends them, to whoever's turn it was then.
 */
export function turnLapsed(turn: EarlierTurn, phone: string, now: number, ctx: ApiContext): boolean {
  if (turn.rank < 0 || turn.soldTo === phone) return false;
  return turn.endsAt + (turn.rank + 1) * turnMs(ctx) <= (turn.soldAt ?? now);
}
