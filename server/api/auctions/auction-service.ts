import type { AuctionLot, AuctionLotDetail, Bid, LotStatus } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { ApiError, conflict, notFound } from '../http/api-error';
import { writeTransaction } from '../store/database';
import { automaticBids, type StandingMax, type TopBid } from './max-bids';

export interface LotRow {
  id: string;
  number_id: number;
  msisdn: string;
  start_price: number;
  step: number;
  buy_now_price: number | null;
  starts_at: number;
  ends_at: number;
  sold_price: number | null;
  sold_at: number | null;
  sold_to: string | null;
}

export interface BidRow {
  id: number;
  lot_id: string;
  phone: string;
  amount: number;
  created_at: number;
  /** 1 when the reference API placed it for the bidder's maximum (max-bids.ts). */
  automatic: number;
}

interface Bidder {
  phone: string;
  amount: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function maskPhone(phone: string): string {
  const f = formatUzPhone(phone);
  return `${f.slice(0, 7)} *** ** ${f.slice(-2)}`;
}

/**
 * The lots that ended unsold with their number still held for the auction. CROSS JOIN keeps the
 * lots outside: left to itself SQLite walks every number by status first (a tenth of a second at
 * a million numbers, once a second, in every process: the watches' regular look asks this).
 */
export const ENDED_UNSOLD_SQL = `SELECT l.* FROM auction_lots l CROSS JOIN numbers n ON n.id = l.number_id
  WHERE n.status = 'auction' AND l.sold_at IS NULL AND l.ends_at <= ?`;

export function createAuctionService(ctx: ApiContext) {
  const db = ctx.db;
  const SELECT_LOT = 'SELECT l.*, n.msisdn FROM auction_lots l CROSS JOIN numbers n ON n.id = l.number_id';
  const allLots = db.prepare(`${SELECT_LOT} ORDER BY l.ends_at`);
  const lotById = db.prepare(`${SELECT_LOT} WHERE l.id = ?`);
  const highest = db.prepare('SELECT MAX(amount) AS amount, COUNT(*) AS count FROM bids WHERE lot_id = ?');
  // Each bidder's best bid, best first; an earlier bid wins a tie (the server's clock decides).
  const bidders = db.prepare(
    'SELECT phone, MAX(amount) AS amount, MIN(id) AS first FROM bids WHERE lot_id = ? GROUP BY phone ORDER BY amount DESC, first ASC',
  );
  const recentBids = db.prepare('SELECT * FROM bids WHERE lot_id = ? ORDER BY id DESC LIMIT ?');
  const insertBid = db.prepare('INSERT INTO bids (lot_id, phone, amount, created_at, automatic) VALUES (?, ?, ?, ?, ?) RETURNING *');
  const topBid = db.prepare('SELECT phone, amount FROM bids WHERE lot_id = ? ORDER BY amount DESC, id ASC LIMIT 1');
  // A bidder's maximum is read by its owner's requests and by the engine only: never in a view of the lot for anyone else.
  const maxima = db.prepare('SELECT phone, amount, id AS "order" FROM max_bids WHERE lot_id = ?');
  const maxOf = db.prepare('SELECT amount FROM max_bids WHERE lot_id = ? AND phone = ?').pluck();
  const deleteMax = db.prepare('DELETE FROM max_bids WHERE lot_id = ? AND phone = ?');
  const insertMax = db.prepare('INSERT INTO max_bids (lot_id, phone, amount, set_at) VALUES (?, ?, ?, ?)');
  const extend = db.prepare('UPDATE auction_lots SET ends_at = ? WHERE id = ? AND ends_at < ?');
  const endNow = db.prepare('UPDATE auction_lots SET ends_at = ? WHERE id = ?');
  const bidsAfter = db.prepare('SELECT * FROM bids WHERE lot_id = ? AND id > ? ORDER BY id');
  const anyBidsAfter = db.prepare('SELECT * FROM bids WHERE id > ? ORDER BY id LIMIT 1000');
  const latestBid = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM bids WHERE lot_id = ?');
  const latestAny = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM bids');

  function status(lot: LotRow, now: number): LotStatus {
    if (lot.sold_at !== null) return 'sold';
    if (now < lot.starts_at) return 'upcoming';
    return now < lot.ends_at ? 'active' : 'ended';
  }

  /**
   * After the end the best bidder may buy within one payment window; when it passes unpaid the
   * turn goes to the next bidder, and so on: computed from the clock, nothing scheduled.
   */
  function turnToBuy(lot: LotRow, now: number): { phone: string; amount: number; until: number } | null {
    if (status(lot, now) !== 'ended') return null;
    const ranked = bidders.all(lot.id) as Bidder[];
    const index = Math.floor((now - lot.ends_at) / ctx.paymentWindowMs);
    const bidder = ranked[index];
    return bidder ? { ...bidder, until: lot.ends_at + (index + 1) * ctx.paymentWindowMs } : null;
  }

  const endedUnsold = db.prepare(ENDED_UNSOLD_SQL);
  const backOnSale = db.prepare(
    "UPDATE numbers SET status = 'free' WHERE id = ? AND status = 'auction' AND (held_until IS NULL OR held_until <= ?)",
  );
  /**
   * A lot that ended with nobody left to buy it (no bid, or every bidder's turn passed unpaid)
   * puts its number back on sale at its catalogue price: the log of number changes records it, so
   * the watches and the live streams hear of it. Computed from the clock, looked at by the watches'
   * regular look; the write happens only when a lot is due.
   */
  const returnUnsold = writeTransaction(db, (now: number): number => {
    let returned = 0;
    for (const lot of endedUnsold.all(now) as LotRow[]) {
      if (turnToBuy(lot, now) === null) returned += backOnSale.run(lot.number_id, now).changes;
    }
    return returned;
  });
  const anyDue = db.prepare(`${ENDED_UNSOLD_SQL} LIMIT 1`);

  /**
   * The lot as `phone` sees it (null: anyone). `withMax` adds the owner's own maximum: only in
   * answers to that owner's own requests, never in a stream (which may be read over a longer
   * time, by a token in a URL) and never for anyone else.
   */
  function view(lot: LotRow, phone: string | null, withMax = false): AuctionLot {
    const now = ctx.now();
    const top = highest.get(lot.id) as { amount: number | null; count: number };
    const ranked = phone ? (bidders.all(lot.id) as Bidder[]) : [];
    const mine = ranked.findIndex((b) => b.phone === phone);
    const turn = phone ? turnToBuy(lot, now) : null;
    return {
      id: lot.id,
      number: lot.msisdn,
      formatted: formatUzPhone(lot.msisdn),
      status: status(lot, now),
      startPrice: lot.start_price,
      step: lot.step,
      buyNowPrice: lot.buy_now_price,
      currentBid: top.amount,
      minimumBid: top.amount === null ? lot.start_price : top.amount + lot.step,
      bidCount: top.count,
      startsAt: iso(lot.starts_at),
      endsAt: iso(lot.ends_at),
      serverTime: iso(now),
      soldPrice: lot.sold_price,
      myBid: mine >= 0 ? ranked[mine].amount : null,
      myPosition: mine >= 0 ? mine + 1 : null,
      myTurnToBuyUntil: turn && turn.phone === phone ? iso(turn.until) : null,
      rules: rules(),
      ...(withMax && phone ? { myMaxBid: (maxOf.get(lot.id, phone) as number | undefined) ?? null } : {}),
    };
  }

  /** What the lot page states where people bid, from the reference API's own settings. */
  function rules(): AuctionLot['rules'] {
    return {
      lateBidSeconds: Math.round(ctx.auctionExtendMs / 1000),
      paymentWindowSeconds: Math.round(ctx.paymentWindowMs / 1000),
      whenUnpaid: 'next_bidder',
    };
  }

  function bidView(row: BidRow, phone: string | null): Bid {
    return {
      amount: row.amount,
      bidder: maskPhone(row.phone),
      createdAt: iso(row.created_at),
      mine: row.phone === phone,
      automatic: row.automatic === 1,
    };
  }

  function find(id: string): LotRow {
    const lot = lotById.get(id) as LotRow | undefined;
    if (!lot) throw notFound('lot_not_found');
    return lot;
  }

  /** The lot with its latest bids; `withMax` as in view (the owner's own request). */
  function detail(id: string, phone: string | null, withMax = false): AuctionLotDetail {
    const lot = find(id);
    return { ...view(lot, phone, withMax), bids: (recentBids.all(lot.id, 20) as BidRow[]).map((b) => bidView(b, phone)) };
  }

  /** The lot, open for bids now: the refusals a bid and a maximum share. */
  function biddable(id: string, now: number): LotRow {
    const lot = find(id);
    const state = status(lot, now);
    if (state === 'upcoming') throw conflict('auction_not_started');
    if (state !== 'active') throw conflict('auction_ended');
    return lot;
  }

  /** The best bid so far and its bidder (max-bids.ts TopBid), or null before the first. */
  const topOf = (lot: LotRow) => (topBid.get(lot.id) as TopBid | undefined) ?? null;
  const priceOf = (lot: LotRow) => topOf(lot)?.amount ?? null;
  const minimumOf = (lot: LotRow, price: number | null) => (price === null ? lot.start_price : price + lot.step);

  /** Writes one bid, plain or automatic, with what any bid does to the end. */
  function insert(lot: LotRow, phone: string, amount: number, automatic: boolean, now: number): BidRow {
    const bid = insertBid.get(lot.id, phone, amount, now, automatic ? 1 : 0) as BidRow;
    if (lot.buy_now_price !== null && amount >= lot.buy_now_price) {
      // Reaching the buy-now price ends the auction at once, with this bidder first to buy.
      endNow.run(now, lot.id);
    } else {
      // Anti-sniping: a bid in the last minutes moves the end to that many minutes after it.
      extend.run(now + ctx.auctionExtendMs, lot.id, now + ctx.auctionExtendMs);
    }
    return bid;
  }

  /** The automatic bids the standing maximums call for after a change (max-bids.ts), placed in the same transaction. */
  function bidForMaximums(lot: LotRow, now: number): void {
    for (const bid of automaticBids(topOf(lot), lot.start_price, lot.step, maxima.all(lot.id) as StandingMax[])) {
      insert(lot, bid.phone, bid.amount, true, now);
    }
  }

  /**
   * One transaction per bid: the minimum is read, the bid written and the maximums' answers to it
   * placed with nothing in between, so no interleaving of requests or workers can put two
   * bidders highest or bid past a maximum.
   */
  const placeBid = writeTransaction(db, (id: string, phone: string, amount: number) => {
    const now = ctx.now();
    const lot = biddable(id, now);
    const minimum = minimumOf(lot, priceOf(lot));
    if (amount < minimum) {
      throw new ApiError(400, 'bid_too_low', { field: 'amount', params: { minimum }, extra: { minimumAmount: minimum } });
    }
    const bid = insert(lot, phone, amount, false, now);
    if (status(find(id), now) === 'active') bidForMaximums(lot, now);
    return { bid: bidView(bid, phone), lot: view(find(id), phone, true) };
  });

  /**
   * Sets, raises or lowers the bidder's maximum, then lets the maximums bid. A new maximum (or
   * one of a bidder not leading) is at least the minimum bid; the leader may raise theirs at any
   * time, and lower it only to above the current price. Below the buy-now price: reaching it is
   * a plain bid's decision.
   */
  const setMaxBid = writeTransaction(db, (id: string, phone: string, amount: number): AuctionLotDetail => {
    const now = ctx.now();
    const lot = biddable(id, now);
    const top = topOf(lot);
    const price = top?.amount ?? null;
    const minimum = minimumOf(lot, price);
    const current = (maxOf.get(lot.id, phone) as number | undefined) ?? null;
    const leading = top?.phone === phone;
    if (lot.buy_now_price !== null && amount >= lot.buy_now_price) {
      throw new ApiError(400, 'max_bid_reaches_buy_now', { field: 'maxAmount', params: { buyNow: lot.buy_now_price } });
    }
    if (leading && current !== null) {
      if (price !== null && amount <= price) {
        throw new ApiError(409, 'max_bid_below_price', { field: 'maxAmount', params: { price } });
      }
    } else if (amount < minimum) {
      throw new ApiError(400, 'max_bid_too_low', { field: 'maxAmount', params: { minimum }, extra: { minimumAmount: minimum } });
    }
    if (amount !== current) {
      deleteMax.run(lot.id, phone);
      insertMax.run(lot.id, phone, amount, now);
      bidForMaximums(lot, now);
    }
    return detail(id, phone, true);
  });

  /** Removes the bidder's maximum while it stands above the current price; the bids it placed stay. */
  const removeMaxBid = writeTransaction(db, (id: string, phone: string): AuctionLotDetail => {
    const now = ctx.now();
    const lot = biddable(id, now);
    const current = (maxOf.get(lot.id, phone) as number | undefined) ?? null;
    if (current === null) throw notFound('max_bid_not_found');
    const price = priceOf(lot);
    if (price !== null && current <= price) throw new ApiError(409, 'max_bid_spent', { field: 'maxAmount', params: { price } });
    deleteMax.run(lot.id, phone);
    return detail(id, phone, true);
  });

  function list(statusFilter: LotStatus | null, phone: string | null): AuctionLot[] {
    const now = ctx.now();
    const order: Record<LotStatus, number> = { active: 0, upcoming: 1, ended: 2, sold: 3 };
    return (allLots.all() as LotRow[])
      .filter((lot) => !statusFilter || status(lot, now) === statusFilter)
      .sort((a, b) => order[status(a, now)] - order[status(b, now)] || a.ends_at - b.ends_at)
      .map((lot) => view(lot, phone));
  }

  /** The id of the lot's newest bid (of any lot's with null), 0 before the first: where a stream stands. */
  function lastBidId(lotId: string | null): number {
    return ((lotId === null ? latestAny.get() : latestBid.get(lotId)) as { id: number }).id;
  }

  /** The lot's (or with null every lot's) bids after a stream's last event id, oldest first: what a resumed stream missed. */
  function bidsSince(lotId: string | null, afterId: number): BidRow[] {
    return (lotId === null ? anyBidsAfter.all(afterId) : bidsAfter.all(lotId, afterId)) as BidRow[];
  }

  /** Puts back on sale the numbers of lots that ended unsold; returns how many. */
  function returnUnsoldNumbers(): number {
    const now = ctx.now();
    return anyDue.get(now) ? returnUnsold(now) : 0;
  }

  return {
    list,
    detail,
    placeBid,
    setMaxBid,
    removeMaxBid,
    find,
    status,
    turnToBuy,
    view,
    bidView,
    lastBidId,
    bidsSince,
    returnUnsoldNumbers,
  };
}

export type AuctionService = ReturnType<typeof createAuctionService>;
