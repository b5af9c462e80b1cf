import type { LotStatus } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { forbidden } from '../http/api-error';
import { writeTransaction } from '../store/database';
import type { LotRow } from './rows';
import { turnLapsed, turnMs } from './bid-rules';

/**
 * A lot after its end: whose turn it is to buy it (the best bidder's alone), who may no longer bid
 * on its number (rule 6 of bid-rules.ts), and what becomes of a lot left unbought: offered again
 * at auction when its winner let the turn pass, back on sale when nobody bid. All computed from
 * the clock: nothing is scheduled.
 */

/**
 * The lots that ended unsold with their number still held for the auction. CROSS JOIN keeps the
 * lots outside: left to itself SQLite walks every number by status first (a tenth of a second at
 * a million numbers, once a second, in every process: the watches' regular look asks this).
 */
export const ENDED_UNSOLD_SQL = `SELECT l.* FROM auction_lots l CROSS JOIN numbers n ON n.id = l.number_id
  WHERE n.status = 'auction' AND l.sold_at IS NULL AND l.ends_at <= ?
  AND NOT EXISTS (SELECT 1 FROM auction_lots later WHERE later.number_id = l.number_id AND later.starts_at > l.starts_at)`;

/** Each bidder's best bid, best first; an earlier bid wins a tie (the server's clock decides). */
export const RANKED_BIDDERS_SQL =
  'SELECT phone, MAX(amount) AS amount, MIN(id) AS first FROM bids WHERE lot_id = ? GROUP BY phone ORDER BY amount DESC, first ASC';

export interface Bidder {
  phone: string;
  amount: number;
}

export function lotStatus(lot: LotRow, now: number): LotStatus {
  if (lot.sold_at !== null) return 'sold';
  if (now < lot.starts_at) return 'upcoming';
  return now < lot.ends_at ? 'active' : 'ended';
}

export function createTurnsToBuy(ctx: ApiContext) {
  const db = ctx.db;
  const bidders = db.prepare(RANKED_BIDDERS_SQL);
  const earlierLots = db.prepare('SELECT id, ends_at, sold_at, sold_to FROM auction_lots WHERE number_id = ? AND id <> ? AND ends_at <= ?');

  /**
   * After the end the best bidder may buy within one window (turnMs). Nobody else gets a turn:
   * passed down to the next bidders at their own bids, a lot once went to an accomplice at the
   * start price after throwaway phones had walked the price out of honest bidders' reach and let
   * their turns pass. The lot is offered again at auction instead (`returnUnsold`).
   */
  function turnToBuy(lot: LotRow, now: number): { phone: string; amount: number; until: number } | null {
    if (lotStatus(lot, now) !== 'ended') return null;
    const until = lot.ends_at + turnMs(ctx);
    if (now >= until) return null;
    const winner = (bidders.all(lot.id) as Bidder[])[0];
    return winner ? { ...winner, until } : null;
  }

  /** Rule 6: a phone whose turn to buy an earlier lot of this lot's number passed unpaid bids on it no more. */
  function checkNotLapsed(lot: LotRow, phone: string, now: number): void {
    type Earlier = { id: string; ends_at: number; sold_at: number | null; sold_to: string | null };
    for (const earlier of earlierLots.all(lot.number_id, lot.id, now) as Earlier[]) {
      const rank = (bidders.all(earlier.id) as Bidder[]).findIndex((b) => b.phone === phone);
      const turn = { endsAt: earlier.ends_at, soldAt: earlier.sold_at, soldTo: earlier.sold_to, rank };
      if (turnLapsed(turn, phone, now, ctx)) throw forbidden('auction_turn_lapsed');
    }
  }

  const endedUnsold = db.prepare(ENDED_UNSOLD_SQL);
  const backOnSale = db.prepare(
    "UPDATE numbers SET status = 'free' WHERE id = ? AND status = 'auction' AND (held_until IS NULL OR held_until <= ?)",
  );
  const anyBid = db.prepare('SELECT 1 FROM bids WHERE lot_id = ? LIMIT 1');
  const lotsOfNumber = db.prepare('SELECT COUNT(*) FROM auction_lots WHERE number_id = ?').pluck();
  const relist = db.prepare(
    `INSERT INTO auction_lots (id, number_id, start_price, step, buy_now_price, starts_at, ends_at, scheduled_ends_at)
     VALUES (@id, @number_id, @start_price, @step, @buy_now_price, @starts_at, @ends_at, @ends_at)`,
  );
  /**
   * A lot that ended unbought. Its winner let the turn pass: the number is offered again at
   * auction, from the turn's end, for as long as the lot first ran, at the same start price, step
   * and buy-now price; every bidder may bid again (but the phone whose turn passed: rule 6, and the
   * ban of rule 7), so nobody gains from a winner who never meant to pay. Nobody bid: the number
   * goes back on sale at its catalogue price. The log of number changes and the data versions
   * record either, so the watches, the live streams and the page store hear of it. Looked at by
   * the watches' regular look; the write happens only when a lot is due.
   */
  const returnUnsold = writeTransaction(db, (now: number): number => {
    let returned = 0;
    for (const lot of endedUnsold.all(now) as LotRow[]) {
      if (turnToBuy(lot, now) !== null) continue;
      if (!anyBid.get(lot.id)) {
        returned += backOnSale.run(lot.number_id, now).changes;
        continue;
      }
      const startsAt = lot.ends_at + turnMs(ctx);
      const root = lot.id.replace(/-r\d+$/, '');
      relist.run({
        id: `${root}-r${Number(lotsOfNumber.get(lot.number_id)) + 1}`,
        number_id: lot.number_id,
        start_price: lot.start_price,
        step: lot.step,
        buy_now_price: lot.buy_now_price,
        starts_at: startsAt,
        ends_at: startsAt + Math.max(lot.scheduled_ends_at - lot.starts_at, turnMs(ctx)),
      });
      returned += 1;
    }
    return returned;
  });
  const anyDue = db.prepare(`${ENDED_UNSOLD_SQL} LIMIT 1`);

  /** Offers again or puts back on sale the numbers of lots that ended unbought; returns how many. */
  function returnUnsoldNumbers(): number {
    const now = ctx.now();
    return anyDue.get(now) ? returnUnsold(now) : 0;
  }

  return { turnToBuy, checkNotLapsed, returnUnsoldNumbers };
}
