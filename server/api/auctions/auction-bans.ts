import type { ApiContext } from '../context';
import { ApiError } from '../http/api-error';
import { turnLapsed, turnMs } from './bid-rules';
import { RANKED_BIDDERS_SQL, type Bidder } from './turns-to-buy';

/**
 * Rule 7 of bid-rules.ts: a phone that let a payment window lapse (its turn to buy a lot it won as
 * the best bidder, or a buy-now it chose) bids on no lot and buys none now for `banMs`
 * (AUCTION_DEFAULT_BAN_DAYS) from that moment. Only the best bidder has a turn (rule 6: unpaid,
 * the lot is offered again at auction). Computed from the store and the clock, like the turns
 * themselves: nothing is scheduled, and every worker sees the same ban.
 */
export function createAuctionBans(ctx: ApiContext) {
  const db = ctx.db;
  const bidders = db.prepare(RANKED_BIDDERS_SQL);
  // The latest lapse of the phone's buy-nows: a pending one past its window (lapsed, marked or
  // not), one paid too late, or one declined or cancelled only after its window had passed.
  const lapsedBuyNow = db
    .prepare(
      `SELECT MAX(expires_at) FROM auction_payments
       WHERE phone = ? AND kind = 'buy_now' AND expires_at <= ?
         AND (status IN ('pending', 'lapsed') OR (status IN ('declined', 'cancelled') AND decided_at >= expires_at))`,
    )
    .pluck();
  const endedLotsBidOn = db.prepare(
    `SELECT id, ends_at, sold_at, sold_to FROM auction_lots
     WHERE id IN (SELECT DISTINCT lot_id FROM bids WHERE phone = ?) AND ends_at <= ?`,
  );

  /** When the phone's ban ends, or null when it may bid. */
  function bannedUntil(phone: string, now: number): number | null {
    const { banMs } = ctx.auctionPayments;
    if (banMs <= 0) return null;
    let lapse = (lapsedBuyNow.get(phone, now) as number | null) ?? null;
    type Ended = { id: string; ends_at: number; sold_at: number | null; sold_to: string | null };
    for (const lot of endedLotsBidOn.all(phone, now) as Ended[]) {
      const rank = (bidders.all(lot.id) as Bidder[]).findIndex((b) => b.phone === phone);
      // Only the best bidder (rank 0) has a turn to let pass (turnLapsed).
      const turn = { endsAt: lot.ends_at, soldAt: lot.sold_at, soldTo: lot.sold_to, rank };
      if (!turnLapsed(turn, phone, now, ctx)) continue;
      const at = lot.ends_at + turnMs(ctx);
      lapse = lapse === null ? at : Math.max(lapse, at);
    }
    return lapse !== null && lapse + banMs > now ? lapse + banMs : null;
  }

  /** Refuses a bid, a maximum or a buy-now of a barred phone: 403 auction_banned, saying until when. */
  function checkNotBanned(phone: string, now: number): void {
    const until = bannedUntil(phone, now);
    if (until !== null) {
      throw new ApiError(403, 'auction_banned', { params: { until }, extra: { bannedUntil: new Date(until).toISOString() } });
    }
  }

  return { bannedUntil, checkNotBanned };
}

export type AuctionBans = ReturnType<typeof createAuctionBans>;
