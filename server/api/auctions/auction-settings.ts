/**
 * The settings of an auction's payments (issue 61): how long a buy-now waits for its payment, how
 * long a phone that let a payment window lapse is kept from bidding, and the deposit premium lots
 * ask before a bid (as UzEx does); and how far above the minimum a plain bid may go (rule 9 of
 * bid-rules.ts). Read from the environment by server/process/config.ts.
 */

/** Long enough to pay from a phone (a bank's app, a card), short enough that nobody sits on a lot's buy-now. */
export const DEFAULT_BUY_NOW_WINDOW_MINUTES = 15;
/** A phone that let a payment window lapse bids on no lot for this long. */
export const DEFAULT_BAN_DAYS = 30;
/** The deposit of a premium lot, as a share of its start price: UzEx asks 10 % (docs/domain.md). */
export const DEFAULT_DEPOSIT_PERCENT = 10;
/** A lot starting at this price or more asks for a deposit, whatever its number's category. */
export const DEFAULT_DEPOSIT_FROM_PRICE = 20_000_000;
/**
 * A plain bid may be at most this many steps above the minimum bid; more is a maximum's to bid,
 * only as far as rivals push: no plain bid can shield a lot by jumping its price out of reach.
 */
export const DEFAULT_PLAIN_BID_MAX_STEPS = 10;
/**
 * A bid or a maximum above this many sums asks the bidder to review it once before it is sent (the
 * lot page's confirm step): a slipped zero turns 1,050,000 into 10,500,000 with one tap.
 */
export const DEFAULT_CONFIRM_BID_ABOVE = 10_000_000;
/** The categories whose lots always ask for a deposit: platinum, the dearest. */
export const DEPOSIT_CATEGORIES: readonly string[] = ['platinum'];

export interface AuctionPaymentSettings {
  /** How long a buy-now (and a deposit's payment) waits for its payment. */
  buyNowWindowMs: number;
  /** How long a phone that let a payment window lapse may not bid or buy now. */
  banMs: number;
  /** The deposit as a whole percentage of the start price (0: no lot asks for one). */
  depositPercent: number;
  /** The start price from which any lot asks for a deposit. */
  depositFromPrice: number;
  /** How many steps above the minimum bid a plain bid may be (rule 9). */
  plainBidMaxSteps: number;
  /** A bid or maximum above this sum is reviewed by the bidder before it is sent (the lot's `rules.confirmAbove`). */
  confirmAbove: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface AuctionPaymentOptions {
  /** AUCTION_BUY_NOW_WINDOW_MINUTES, default 15. */
  auctionBuyNowWindowMinutes?: number;
  /** AUCTION_DEFAULT_BAN_DAYS, default 30. */
  auctionBanDays?: number;
  /** AUCTION_DEPOSIT_PERCENT, default 10; 0 asks no deposit anywhere. */
  auctionDepositPercent?: number;
  /** AUCTION_DEPOSIT_FROM_PRICE, default 20,000,000 UZS. */
  auctionDepositFromPrice?: number;
  /** AUCTION_PLAIN_BID_MAX_STEPS, default 10. */
  auctionPlainBidMaxSteps?: number;
  /** AUCTION_CONFIRM_BID_ABOVE, default 10,000,000 UZS. */
  auctionConfirmBidAbove?: number;
}

export function auctionPaymentSettings(options: AuctionPaymentOptions): AuctionPaymentSettings {
  return {
    buyNowWindowMs: (options.auctionBuyNowWindowMinutes ?? DEFAULT_BUY_NOW_WINDOW_MINUTES) * MINUTE,
    banMs: (options.auctionBanDays ?? DEFAULT_BAN_DAYS) * DAY,
    depositPercent: options.auctionDepositPercent ?? DEFAULT_DEPOSIT_PERCENT,
    depositFromPrice: options.auctionDepositFromPrice ?? DEFAULT_DEPOSIT_FROM_PRICE,
    plainBidMaxSteps: options.auctionPlainBidMaxSteps ?? DEFAULT_PLAIN_BID_MAX_STEPS,
    confirmAbove: options.auctionConfirmBidAbove ?? DEFAULT_CONFIRM_BID_ABOVE,
  };
}
