import type { AuctionLot, AuctionLotDetail, Bid, LotStatus } from '../../../shared/api-types';
import { formatUzPhone } from '../../../shared/validation';
import type { ApiContext } from '../context';
import { conflict, notFound } from '../http/api-error';
import { writeTransaction } from '../store/database';
import { createAuctionBans } from './auction-bans';
import { createAuctionPaymentRows } from './auction-payment-rows';
import * as rules from './bid-rules';
import { automaticBids, type StandingMax, type TopBid } from './max-bids';
import type { BidRow, LotRow } from './rows';
import { createTurnsToBuy, lotStatus, RANKED_BIDDERS_SQL, type Bidder } from './turns-to-buy';

export type { BidRow, LotRow } from './rows';

const iso = (ms: number) => new Date(ms).toISOString();

export function maskPhone(phone: string): string {
  const f = formatUzPhone(phone);
  return `${f.slice(0, 7)} *** ** ${f.slice(-2)}`;
}

export function createAuctionService(ctx: ApiContext) {
  const db = ctx.db;
  const SELECT_LOT = 'SELECT l.*, n.msisdn FROM auction_lots l CROSS JOIN numbers n ON n.id = l.number_id';
  const allLots = db.prepare(`${SELECT_LOT} ORDER BY l.ends_at`);
  const lotById = db.prepare(`${SELECT_LOT} WHERE l.id = ?`);
  const highest = db.prepare('SELECT MAX(amount) AS amount, COUNT(*) AS count FROM bids WHERE lot_id = ?');
  const bidders = db.prepare(RANKED_BIDDERS_SQL);
  const recentBids = db.prepare('SELECT * FROM bids WHERE lot_id = ? ORDER BY id DESC LIMIT ?');
  const insertBid = db.prepare('INSERT INTO bids (lot_id, phone, amount, created_at, automatic) VALUES (?, ?, ?, ?, ?) RETURNING *');
  const topBid = db.prepare('SELECT phone, amount FROM bids WHERE lot_id = ? ORDER BY amount DESC, id ASC LIMIT 1');
  // A bidder's maximum is read by its owner's requests and by the engine only: never in a view of the lot for anyone else.
  const maxima = db.prepare('SELECT phone, amount, id AS "order" FROM max_bids WHERE lot_id = ?');
  const maxOf = db.prepare('SELECT amount FROM max_bids WHERE lot_id = ? AND phone = ?').pluck();
  const maxRow = db.prepare('SELECT amount, since_bid FROM max_bids WHERE lot_id = ? AND phone = ?');
  const deleteMax = db.prepare('DELETE FROM max_bids WHERE lot_id = ? AND phone = ?');
  const insertMax = db.prepare('INSERT INTO max_bids (lot_id, phone, amount, set_at, since_bid) VALUES (?, ?, ?, ?, ?)');
  // Another phone's bid after the maximum was first set (bid ids only grow): it contests the maximum.
  const bidAgainst = db.prepare('SELECT EXISTS (SELECT 1 FROM bids WHERE lot_id = ? AND phone <> ? AND id > ?)').pluck();
  const extend = db.prepare('UPDATE auction_lots SET ends_at = ? WHERE id = ? AND ends_at < ?');
  const bidsAfter = db.prepare('SELECT * FROM bids WHERE lot_id = ? AND id > ? ORDER BY id');
  const anyBidsAfter = db.prepare('SELECT * FROM bids WHERE id > ? ORDER BY id LIMIT 1000');
  const latestBid = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM bids WHERE lot_id = ?');
  const latestAny = db.prepare('SELECT COALESCE(MAX(id), 0) AS id FROM bids');

  const status = lotStatus;
  const { turnToBuy, checkNotLapsed, returnUnsoldNumbers } = createTurnsToBuy(ctx);
  const bans = createAuctionBans(ctx);
  const payments = createAuctionPaymentRows(ctx);

  /**
   * The lot as `phone` sees it (null: anyone). `withMax` adds the owner's own maximum, buy-now,
   * deposit and ban: only in answers to that owner's own requests, never in a stream (which may
   * be read over a longer time, by a token in a URL) and never for anyone else.
   */
  function view(lot: LotRow, phone: string | null, withMax = false): AuctionLot {
    const now = ctx.now();
    const top = highest.get(lot.id) as { amount: number | null; count: number };
    const ranked = phone ? (bidders.all(lot.id) as Bidder[]) : [];
    const mine = ranked.findIndex((b) => b.phone === phone);
    const turn = phone ? turnToBuy(lot, now) : null;
    const depositAmount = payments.depositAmount(lot);
    return {
      id: lot.id,
      number: lot.msisdn,
      formatted: formatUzPhone(lot.msisdn),
      status: status(lot, now),
      startPrice: lot.start_price,
      step: lot.step,
      buyNowPrice: lot.buy_now_price,
      currentBid: top.amount,
      minimumBid: rules.minimumBid(lot, top.amount),
      bidCount: top.count,
      startsAt: iso(lot.starts_at),
      endsAt: iso(lot.ends_at),
      serverTime: iso(now),
      soldPrice: lot.sold_price,
      myBid: mine >= 0 ? ranked[mine].amount : null,
      myPosition: mine >= 0 ? mine + 1 : null,
      myTurnToBuyUntil: turn && turn.phone === phone ? iso(turn.until) : null,
      rules: rules.lotRules(lot, ctx, depositAmount),
      depositAmount,
      ...(withMax && phone ? ownView(lot, phone, mine, now) : {}),
    };
  }

  /** What only the owner's own requests show them: their maximum, buy-now, deposit and ban. */
  function ownView(lot: LotRow, phone: string, rank: number, now: number) {
    const bannedUntil = bans.bannedUntil(phone, now);
    return {
      myMaxBid: (maxOf.get(lot.id, phone) as number | undefined) ?? null,
      myBuyNow: payments.myBuyNow(lot, phone, now),
      myDeposit: payments.myDeposit(lot, phone, rank, now),
      myBannedUntil: bannedUntil === null ? null : iso(bannedUntil),
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

  /**
   * The lot, open for bids now by this phone: the refusals a bid and a maximum share. `paying`
   * (a bid, a maximum set) adds the ban (rule 7) and the deposit (rule 8); removing a maximum
   * commits the phone to nothing more and asks neither.
   */
  function biddable(id: string, phone: string, now: number, paying = true): LotRow {
    const lot = find(id);
    const state = status(lot, now);
    if (state === 'upcoming') throw conflict('auction_not_started');
    if (state !== 'active') throw conflict('auction_ended');
    checkNotLapsed(lot, phone, now);
    if (paying) {
      bans.checkNotBanned(phone, now);
      payments.checkDeposit(lot, phone);
    }
    return lot;
  }

  /** The best bid so far and its bidder (max-bids.ts TopBid), or null before the first. */
  const topOf = (lot: LotRow) => (topBid.get(lot.id) as TopBid | undefined) ?? null;

  /** Writes one bid, plain or automatic, with what any bid does to the end. */
  function insert(lot: LotRow, phone: string, amount: number, automatic: boolean, now: number): BidRow {
    const bid = insertBid.get(lot.id, phone, amount, now, automatic ? 1 : 0) as BidRow;
    // Anti-sniping: a bid in the last minutes moves the end to that many minutes after it, within the cap.
    const end = rules.lateBidEnd(lot, now, ctx);
    extend.run(end, lot.id, end);
    return bid;
  }

  /** Where the phone stands with its maximum (bid-rules.ts MaxStanding). */
  function standingOf(lot: LotRow, phone: string): rules.MaxStanding & { since: number | null } {
    const top = topOf(lot);
    const mine = maxRow.get(lot.id, phone) as { amount: number; since_bid: number } | undefined;
    return {
      price: top?.amount ?? null,
      leading: top?.phone === phone,
      current: mine?.amount ?? null,
      since: mine?.since_bid ?? null,
      contested: mine !== undefined && bidAgainst.get(lot.id, phone, mine.since_bid) === 1,
    };
  }

  /**
   * The automatic bids the standing maximums call for after a change (max-bids.ts), placed in the
   * same transaction. A barred phone's maximum (rule 7) bids nothing while the ban lasts, not even
   * to answer a rival as leader: its owner could not bid those amounts plainly; its bids stand.
   */
  function bidForMaximums(lot: LotRow, now: number): void {
    const standing = (maxima.all(lot.id) as StandingMax[]).filter((m) => bans.bannedUntil(m.phone, now) === null);
    for (const bid of automaticBids(topOf(lot), lot.start_price, lot.step, standing)) {
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
    const lot = biddable(id, phone, now);
    const top = topOf(lot);
    rules.checkBid(lot, amount, top?.amount ?? null, top?.phone === phone, ctx.auctionPayments.plainBidMaxSteps);
    const bid = insert(lot, phone, amount, false, now);
    bidForMaximums(lot, now);
    return { bid: bidView(bid, phone), lot: view(find(id), phone, true) };
  });

  /**
   * Sets, raises or lowers the bidder's maximum (bid-rules.ts checkMaximum), then lets the
   * maximums bid. A changed maximum takes a new place in time (it is newer) but keeps the bid it
   * was first set after: what contests it (rule 3) still counts from there.
   */
  const setMaxBid = writeTransaction(db, (id: string, phone: string, amount: number): AuctionLotDetail => {
    const now = ctx.now();
    const lot = biddable(id, phone, now);
    const standing = standingOf(lot, phone);
    rules.checkMaximum(lot, amount, standing);
    if (amount !== standing.current) {
      deleteMax.run(lot.id, phone);
      insertMax.run(lot.id, phone, amount, now, standing.since ?? lastBidId(lot.id));
      bidForMaximums(lot, now);
    }
    return detail(id, phone, true);
  });

  /** Removes the bidder's maximum while it stands above the price, uncontested (bid-rules.ts checkRemoval); the bids it placed stay. */
  const removeMaxBid = writeTransaction(db, (id: string, phone: string): AuctionLotDetail => {
    const now = ctx.now();
    const lot = biddable(id, phone, now, false);
    rules.checkRemoval(standingOf(lot, phone));
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

  return {
    list,
    detail,
    placeBid,
    setMaxBid,
    removeMaxBid,
    find,
    status,
    turnToBuy,
    checkNotLapsed,
    bans,
    payments,
    view,
    bidView,
    lastBidId,
    bidsSince,
    returnUnsoldNumbers,
  };
}

export type AuctionService = ReturnType<typeof createAuctionService>;
