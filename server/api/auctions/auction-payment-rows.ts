import type { MyBuyNow, MyDeposit, PaymentProvider } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { ApiError } from '../http/api-error';
import { DEPOSIT_CATEGORIES } from './auction-settings';
import { turnLapsed } from './bid-rules';
import type { LotRow } from './rows';
import { lotStatus } from './turns-to-buy';

/** A payment an auction takes itself (migration 18): a buy-now or a deposit. */
export interface AuctionPaymentRow {
  id: string;
  kind: 'buy_now' | 'deposit';
  lot_id: string;
  phone: string;
  provider: PaymentProvider;
  amount: number;
  status: 'pending' | 'paid' | 'declined' | 'cancelled' | 'refunded' | 'lapsed';
  return_path: string;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a lot asks and shows of its payments: the deposit a premium lot needs before a bid (rule
 * 8 of bid-rules.ts), and a phone's own buy-now and deposit as the lot answers them to it. A
 * deposit's outcome (returned, kept) follows from the lot and the clock, like the turns to buy.
 */
export function createAuctionPaymentRows(ctx: ApiContext) {
  const db = ctx.db;
  const latest = db.prepare(
    'SELECT * FROM auction_payments WHERE lot_id = ? AND phone = ? AND kind = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
  );
  const categoryOf = db.prepare('SELECT category FROM numbers WHERE id = ?').pluck();

  const latestOf = (lot: LotRow, phone: string, kind: AuctionPaymentRow['kind']) =>
    (latest.get(lot.id, phone, kind) as AuctionPaymentRow | undefined) ?? null;

  /** The deposit a bid on the lot needs: a percentage of the start price on a platinum lot or one starting high; null for none. */
  function depositAmount(lot: LotRow): number | null {
    const { depositPercent, depositFromPrice } = ctx.auctionPayments;
    if (depositPercent <= 0) return null;
    const premium = DEPOSIT_CATEGORIES.includes(categoryOf.get(lot.number_id) as string) || lot.start_price >= depositFromPrice;
    return premium ? Math.ceil((lot.start_price * depositPercent) / 100) : null;
  }

  /** Rule 8: a bid (or maximum) on a lot that asks for a deposit needs the phone's deposit paid and held. */
  function checkDeposit(lot: LotRow, phone: string): void {
    const amount = depositAmount(lot);
    if (amount === null || latestOf(lot, phone, 'deposit')?.status === 'paid') return;
    throw new ApiError(403, 'deposit_required', { params: { amount }, extra: { depositAmount: amount } });
  }

  /** A pending payment past its window is lapsed, whether or not a request has marked it yet. */
  const unpaidStatus = (row: AuctionPaymentRow, now: number) =>
    row.status === 'pending' && row.expires_at <= now ? 'lapsed' : (row.status as Exclude<AuctionPaymentRow['status'], 'paid'>);

  /**
   * A paid deposit: held while the lot is open; after the end, returned to everyone but the best
   * bidder, and to them once they buy; kept once their turn to buy passed unpaid (`rank`: the
   * phone's place among the bidders, 0 = best, -1 = no bid).
   */
  function paidDepositStatus(lot: LotRow, phone: string, rank: number, now: number): MyDeposit['status'] {
    const state = lotStatus(lot, now);
    if (state === 'upcoming' || state === 'active') return 'held';
    if (rank !== 0) return 'returned';
    if (turnLapsed({ endsAt: lot.ends_at, soldAt: lot.sold_at, soldTo: lot.sold_to, rank }, phone, now, ctx)) return 'kept';
    return state === 'sold' ? 'returned' : 'held';
  }

  function myDeposit(lot: LotRow, phone: string, rank: number, now: number): MyDeposit | null {
    const row = latestOf(lot, phone, 'deposit');
    if (!row) return null;
    const status = row.status === 'paid' ? paidDepositStatus(lot, phone, rank, now) : unpaidStatus(row, now);
    return { status: status === 'cancelled' ? 'refunded' : status, amount: row.amount, expiresAt: iso(row.expires_at) };
  }

  function myBuyNow(lot: LotRow, phone: string, now: number): MyBuyNow | null {
    const row = latestOf(lot, phone, 'buy_now');
    if (!row) return null;
    return { status: row.status === 'paid' ? 'paid' : unpaidStatus(row, now), amount: row.amount, expiresAt: iso(row.expires_at) };
  }

  return { latestOf, depositAmount, checkDeposit, myDeposit, myBuyNow };
}

export type AuctionPaymentRows = ReturnType<typeof createAuctionPaymentRows>;
