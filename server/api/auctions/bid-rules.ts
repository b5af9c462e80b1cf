import type { AuctionLot } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { ApiError, notFound } from '../http/api-error';
import type { LotRow } from './rows';

/**
 * The rules every bid and maximum keeps, as docs/api.md ("Auction rules") states them to bidders
 * and the lot page's rules list repeats them. auction-service.ts applies them inside the write
 * transaction of the request that calls for them.
 *
 * 1. Buy now is a payment, and only a completed one ends the lot: choosing it starts a payment of
 *    the buy-now price with a short window (`buyNowWindowMs`), the lot stays open meanwhile, and
 *    the first buy-now paid wins it (auction-payments.ts); the others pending are cancelled. A
 *    plain bid never reaches the buy-now price: it is refused, and says to buy now instead.
 * 2. The minimum bid is the lower of the next step and the buy-now price: buying now stays
 *    possible whatever the bids (or maximums) below it.
 * 3. A maximum another bidder has bid against (any bid of another phone on the lot after it was
 *    first set, plain or automatic) can be raised, never lowered or removed: it cannot drive a
 *    rival's hidden maximum into the open and then leave at no cost to its owner.
 * 4. The leader's own plain bid is refused: it would only raise their own price (and, late,
 *    extend the lot); a maximum is how they bid more. A bid at the buy-now price is still theirs
 *    to choose: it is a purchase, not a raise.
 * 5. A late bid moves the end to `auctionExtendMs` after it, never past the scheduled end plus
 *    `auctionExtendMaxMs`: no run of bids keeps a lot open for ever.
 * 6. Only the best bidder has a turn to buy; when it passes unpaid, the number is offered again at
 *    auction (turns-to-buy.ts), and that phone bids on no later lot of the number.
 * 7. A phone that let a payment window lapse (its turn to buy a lot it won as the best bidder, or a
 *    buy-now) bids on no lot and buys none now for `banMs` after it (auction-bans.ts); a payment
 *    past its window stays lapsed whatever is done to it later. Its standing maximums bid nothing
 *    while the ban lasts.
 * 8. A premium lot (platinum, or a start price from `depositFromPrice`) takes bids only from a
 *    phone that paid its deposit, `depositPercent` of the start price: held while the lot is open,
 *    returned at its end to all but the best bidder, and to them once they buy; kept when their
 *    turn to buy passes unpaid (auction-payment-rows.ts).
 * 9. A plain bid is at most `plainBidMaxSteps` steps above the minimum bid; more is a maximum's,
 *    which bids only as far as rivals push: no single plain bid jumps the price out of honest reach.
 */

/** The smallest bid accepted now: the next step, or the buy-now price when that is lower. */
export function minimumBid(lot: LotRow, price: number | null): number {
  const next = price === null ? lot.start_price : price + lot.step;
  return lot.buy_now_price === null ? next : Math.min(next, lot.buy_now_price);
}

export const reachesBuyNow = (lot: LotRow, amount: number) => lot.buy_now_price !== null && amount >= lot.buy_now_price;

/** The latest the lot may end, however many late bids come. */
export const latestEnd = (lot: LotRow, ctx: ApiContext) => lot.scheduled_ends_at + ctx.auctionExtendMaxMs;

/** Where a bid placed at `at` moves the lot's end (when later than the end it has): the late-bid rule, capped. */
export const lateBidEnd = (lot: LotRow, at: number, ctx: ApiContext) => Math.min(at + ctx.auctionExtendMs, latestEnd(lot, ctx));

/** How long the bidder whose turn it is has to buy a lot they won: the premium payment window. */
export const turnMs = (ctx: ApiContext) => ctx.paymentWindowPremiumMs;

/** What the lot page states where people bid, from the reference API's own settings and the lot's schedule. */
export function lotRules(lot: LotRow, ctx: ApiContext, depositAmount: number | null): AuctionLot['rules'] {
  return {
    buyNowWindowSeconds: Math.round(ctx.auctionPayments.buyNowWindowMs / 1000),
    banSeconds: Math.round(ctx.auctionPayments.banMs / 1000),
    depositPercent: depositAmount === null ? 0 : ctx.auctionPayments.depositPercent,
    lateBidSeconds: Math.round(ctx.auctionExtendMs / 1000),
    extendMaxSeconds: Math.round(ctx.auctionExtendMaxMs / 1000),
    latestEndAt: new Date(latestEnd(lot, ctx)).toISOString(),
    paymentWindowSeconds: Math.round(turnMs(ctx) / 1000),
    whenUnpaid: 'relist',
    plainBidMaxSteps: ctx.auctionPayments.plainBidMaxSteps,
    confirmAbove: ctx.auctionPayments.confirmAbove,
  };
}

/** The largest plain bid accepted now (rule 9): `maxSteps` steps above the minimum bid. */
export const maximumPlainBid = (lot: LotRow, price: number | null, maxSteps: number) => minimumBid(lot, price) + maxSteps * lot.step;

/**
 * A plain bid's refusals (rules 1, 2, 4 and 9): one at the buy-now price, the leader's own raise,
 * an amount below the minimum, then one more than `maxSteps` steps above it.
 */
export function checkBid(lot: LotRow, amount: number, price: number | null, leading: boolean, maxSteps: number): void {
  if (reachesBuyNow(lot, amount)) {
    throw new ApiError(409, 'bid_reaches_buy_now', { field: 'amount', params: { buyNow: lot.buy_now_price! } });
  }
  if (leading) throw new ApiError(409, 'bid_already_leading', { field: 'amount' });
  const minimum = minimumBid(lot, price);
  if (amount < minimum) {
    throw new ApiError(400, 'bid_too_low', { field: 'amount', params: { minimum }, extra: { minimumAmount: minimum } });
  }
  const maximum = maximumPlainBid(lot, price, maxSteps);
  if (amount > maximum) {
    throw new ApiError(409, 'bid_too_far_above', {
      field: 'amount',
      params: { steps: maxSteps, maximum },
      extra: { maximumAmount: maximum },
    });
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
  // Only the best bidder had a turn (rule 6).
  if (turn.rank !== 0 || turn.soldTo === phone) return false;
  return turn.endsAt + turnMs(ctx) <= (turn.soldAt ?? now);
}
