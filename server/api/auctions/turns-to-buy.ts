import type { LotStatus } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { forbidden } from '../http/api-error';
import { writeTransaction } from '../store/database';
import type { LotRow } from './rows';
import { turnLapsed, turnMs } from './bid-rules';

/**
 * A lot after its end: whose turn it is to buy it, who may no longer bid on its number (rule 6
 * of bid-rules.ts), and the number back on sale when nobody is left. All computed from the
 * clock: nothing is scheduled.
 */

/**
 * The lots that ended unsold with their number still held for the auction. CROSS JOIN keeps the
 * lots outside: left to itself SQLite walks every number by status first (a tenth of a second at
 * a million numbers, once a second, in every process: the watches' regular look asks this).
 */
export const ENDED_UNSOLD_SQL = `SELECT l.* FROM auction_lots l CROSS JOIN numbers n ON n.id = l.number_id
  WHERE n.status = 'auction' AND l.sold_at IS NULL AND l.ends_at <= ?`;

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
   * After the end the best bidder may buy within one window (turnMs); when it passes unpaid the
   * turn goes to the next bidder, and so on.
   */
  function turnToBuy(lot: LotRow, now: number): { phone: string; amount: number; until: number } | null {
    if (lotStatus(lot, now) !== 'ended') return null;
    const ranked = bidders.all(lot.id) as Bidder[];
    const index = Math.floor((now - lot.ends_at) / turnMs(ctx));
    const bidder = ranked[index];
    return bidder ? { ...bidder, until: lot.ends_at + (index + 1) * turnMs(ctx) } : null;
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
  /**
   * A lot that ended with nobody left to buy it (no bid, or every bidder's turn passed unpaid)
   * puts its number back on sale at its catalogue price: the log of number changes records it, so
   * the watches and the live streams hear of it. Looked at by the watches' regular look; the
   * write happens only when a lot is due.
   */
  const returnUnsold = writeTransaction(db, (now: number): number => {
    let returned = 0;
    for (const lot of endedUnsold.all(now) as LotRow[]) {
      if (turnToBuy(lot, now) === null) returned += backOnSale.run(lot.number_id, now).changes;
    }
    return returned;
  });
  const anyDue = db.prepare(`${ENDED_UNSOLD_SQL} LIMIT 1`);

  /** Puts back on sale the numbers of lots that ended unsold; returns how many. */
  function returnUnsoldNumbers(): number {
    const now = ctx.now();
    return anyDue.get(now) ? returnUnsold(now) : 0;
  }

  return { turnToBuy, checkNotLapsed, returnUnsoldNumbers };
}
