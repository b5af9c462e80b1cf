import crypto from 'node:crypto';
import type { AuctionPaymentResponse, PaymentProvider } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { conflict, notFound } from '../http/api-error';
import { writeTransaction } from '../store/database';
import type { AuctionPaymentRow } from './auction-payment-rows';
import type { AuctionService } from './auction-service';
import type { LotRow } from './rows';

/** What the sandbox page shows of a decided payment (sandbox-page.ts), whatever the kind. */
export type SettledAs = 'approved' | 'declined' | 'refunded';

/**
 * Buy-now and deposits (rules 1, 7 and 8 of bid-rules.ts): each a payment of the sandbox
 * (payments/sandbox-routes.ts) kept in auction_payments. Every start and every decision is one
 * write transaction that reads the rows as they are, so two workers never open a second pending
 * payment for one phone and lot, never take a deposit twice, and never sell a lot twice: the
 * first buy-now approved wins, and the rest are cancelled before anything is taken.
 */
export function createAuctionPayments(ctx: ApiContext, auctions: AuctionService) {
  const db = ctx.db;
  const insert = db.prepare(
    `INSERT INTO auction_payments (id, kind, lot_id, phone, provider, amount, status, return_path, created_at, expires_at)
     VALUES (@id, @kind, @lot_id, @phone, @provider, @amount, 'pending', @return_path, @created_at, @expires_at)`,
  );
  const byId = db.prepare('SELECT * FROM auction_payments WHERE id = ?');
  const decide = db.prepare("UPDATE auction_payments SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'");
  const markLapsed = db.prepare(
    "UPDATE auction_payments SET status = 'lapsed' WHERE lot_id = ? AND phone = ? AND kind = ? AND status = 'pending' AND expires_at <= ?",
  );
  // Only those still within their window: one that already lapsed stays lapsed (its ban stands, rule 7).
  const cancelOthers = db.prepare(
    "UPDATE auction_payments SET status = 'cancelled', decided_at = ? WHERE lot_id = ? AND kind = 'buy_now' AND status = 'pending' AND id <> ? AND expires_at > ?",
  );
  const markLotLapsed = db.prepare(
    "UPDATE auction_payments SET status = 'lapsed' WHERE lot_id = ? AND kind = 'buy_now' AND status = 'pending' AND expires_at <= ?",
  );
  // Paid at the buy-now price: the lot is sold to the payer and ends now.
  const sellLot = db.prepare(
    'UPDATE auction_lots SET sold_price = ?, sold_at = ?, sold_to = ?, ends_at = MIN(ends_at, ?) WHERE id = ? AND sold_at IS NULL',
  );

  function answer(row: AuctionPaymentRow, apiBase: string): AuctionPaymentResponse {
    return {
      paymentId: row.id,
      provider: row.provider,
      amount: row.amount,
      amountTiyin: row.amount * 100,
      paymentUrl: `${apiBase}/sandbox/payments/${row.id}`,
      expiresAt: new Date(row.expires_at).toISOString(),
      kind: row.kind,
    };
  }

  /** The phone's pending payment of this kind still in its window, or a new one: never two at once. */
  function open(
    lot: LotRow,
    phone: string,
    kind: AuctionPaymentRow['kind'],
    amount: number,
    provider: PaymentProvider,
    returnPath: string,
  ) {
    const now = ctx.now();
    markLapsed.run(lot.id, phone, kind, now);
    const latest = auctions.payments.latestOf(lot, phone, kind);
    if (latest?.status === 'pending') {
      // The same request again gets the same payment; another provider or return path is not silently dropped.
      if (latest.provider !== provider || latest.return_path !== returnPath) throw conflict('payment_already_pending');
      return { created: false, row: latest };
    }
    if (kind === 'deposit' && latest?.status === 'paid') throw conflict('deposit_already_paid');
    const id = crypto.randomBytes(16).toString('hex');
    const expires = now + ctx.auctionPayments.buyNowWindowMs;
    insert.run({ id, kind, lot_id: lot.id, phone, provider, amount, return_path: returnPath, created_at: now, expires_at: expires });
    return { created: true, row: byId.get(id) as AuctionPaymentRow };
  }

  /** Rule 1: buying now starts a payment of the buy-now price; the lot stays open until one is paid. */
  const startBuyNow = writeTransaction(
    db,
    (lotId: string, phone: string, provider: PaymentProvider, returnPath: string, apiBase: string) => {
      const now = ctx.now();
      const lot = openLot(lotId, now);
      if (lot.buy_now_price === null) throw conflict('buy_now_unavailable');
      auctions.checkNotLapsed(lot, phone, now);
      auctions.bans.checkNotBanned(phone, now);
      const { created, row } = open(lot, phone, 'buy_now', lot.buy_now_price, provider, returnPath);
      return { created, payment: answer(row, apiBase) };
    },
  );

  /** Rule 8: the deposit of a lot that asks for one, paid once per phone and lot. */
  const startDeposit = writeTransaction(
    db,
    (lotId: string, phone: string, provider: PaymentProvider, returnPath: string, apiBase: string) => {
      const now = ctx.now();
      const lot = auctions.find(lotId);
      const state = auctions.status(lot, now);
      if (state !== 'upcoming' && state !== 'active') throw conflict('auction_ended');
      const amount = auctions.payments.depositAmount(lot);
      if (amount === null) throw conflict('deposit_not_required');
      auctions.checkNotLapsed(lot, phone, now);
      auctions.bans.checkNotBanned(phone, now);
      const { created, row } = open(lot, phone, 'deposit', amount, provider, returnPath);
      return { created, payment: answer(row, apiBase) };
    },
  );

  function openLot(lotId: string, now: number): LotRow {
    const lot = auctions.find(lotId);
    const state = auctions.status(lot, now);
    if (state === 'upcoming') throw conflict('auction_not_started');
    if (state !== 'active') throw conflict('auction_ended');
    return lot;
  }

  function find(id: string): AuctionPaymentRow | undefined {
    return /^[0-9a-f]{32}$/.test(id) ? (byId.get(id) as AuctionPaymentRow | undefined) : undefined;
  }

  /**
   * The provider's answer, decided once, in one write transaction. A buy-now approved within its
   * window while the lot is open wins the lot and cancels every other pending buy-now of it; one
   * approved too late, or after the lot was sold or ended, is given back (a late one still
   * counts as lapsed). A deposit approved while the lot is open is held; otherwise given back.
   * A payment past its window is lapsed whatever is done to it later: declined then, it stays
   * lapsed (a late decline lifts no ban).
   */
  const settle = writeTransaction(db, (paymentId: string, approved: boolean): SettledAs => {
    const now = ctx.now();
    const row = find(paymentId);
    if (!row) throw notFound('payment_not_found');
    if (row.status !== 'pending') return row.status === 'paid' ? 'approved' : row.status === 'declined' ? 'declined' : 'refunded';
    if (row.expires_at <= now) {
      decide.run(row.kind === 'buy_now' || !approved ? 'lapsed' : 'refunded', now, row.id);
      return approved ? 'refunded' : 'declined';
    }
    if (!approved) {
      decide.run('declined', now, row.id);
      return 'declined';
    }
    const lot = auctions.find(row.lot_id);
    const state = auctions.status(lot, now);
    const open = state === 'active' || (row.kind === 'deposit' && state === 'upcoming');
    if (!open) {
      decide.run('refunded', now, row.id);
      return 'refunded';
    }
    decide.run('paid', now, row.id);
    if (row.kind === 'buy_now') {
      sellLot.run(row.amount, now, row.phone, now, lot.id);
      markLotLapsed.run(lot.id, now);
      cancelOthers.run(now, lot.id, row.id, now);
    }
    return 'approved';
  });

  return { startBuyNow, startDeposit, find, settle };
}

export type AuctionPayments = ReturnType<typeof createAuctionPayments>;
