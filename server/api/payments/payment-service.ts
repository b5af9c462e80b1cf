import crypto from 'node:crypto';
import type { PaymentProvider, StartPaymentResponse } from '../../../shared/api-types';
import type { ApiContext } from '../context';
import { conflict, notFound } from '../http/api-error';
import type { OrderRow, OrderService } from '../orders/order-service';
import { writeTransaction } from '../store/database';

export interface PaymentRow {
  id: string;
  order_id: string;
  provider: PaymentProvider;
  amount: number;
  status: 'pending' | 'approved' | 'declined' | 'refunded';
  return_path: string;
  created_at: number;
  decided_at: number | null;
}

/**
 * Payments one order may have started in all. The same provider and return path while one is
 * pending get that one again; another choice starts a new one (a visitor may switch provider),
 * up to this many: an order's token could once add a payment row per call without end.
 */
export const PAYMENTS_PER_ORDER = 10;

export function createPaymentService(ctx: ApiContext, orders: OrderService) {
  const db = ctx.db;
  const insert = db.prepare(
    "INSERT INTO payments (id, order_id, provider, amount, status, return_path, created_at) VALUES (?, ?, ?, ?, 'pending', ?, ?)",
  );
  const byId = db.prepare('SELECT * FROM payments WHERE id = ?');
  const pendingLike = db.prepare(
    "SELECT * FROM payments WHERE order_id = ? AND status = 'pending' AND provider = ? AND return_path = ? ORDER BY created_at DESC LIMIT 1",
  );
  const countOf = db.prepare('SELECT COUNT(*) AS n FROM payments WHERE order_id = ?').pluck();
  const decide = db.prepare("UPDATE payments SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'");
  // A late success (after the window) still activates as long as nobody else took the number meanwhile.
  const sell = db.prepare(
    `UPDATE numbers SET status = 'sold', hold_kind = NULL, hold_ref = NULL, held_until = NULL
     WHERE id = @id AND status IN ('free', 'auction') AND (hold_ref = @order OR held_until IS NULL OR held_until <= @now)`,
  );
  const activate = db.prepare(
    "UPDATE orders SET status = 'activated', paid_at = @now, activated_at = @now WHERE id = @id AND status IN ('created', 'expired')",
  );
  const expireOrder = db.prepare("UPDATE orders SET status = 'expired' WHERE id = ? AND status = 'created'");
  const soldLot = db.prepare('UPDATE auction_lots SET sold_price = ?, sold_at = ?, sold_to = ? WHERE id = ? AND sold_at IS NULL');

  /** The order's payment: its pending one of the same choice again, else a new one (read and written in one transaction). */
  const start = writeTransaction(
    db,
    (order: OrderRow, provider: PaymentProvider, returnPath: string, apiBase: string): StartPaymentResponse => {
      if (order.status === 'expired') throw conflict('order_expired');
      if (order.status !== 'created') throw conflict('order_already_paid');
      const same = pendingLike.get(order.id, provider, returnPath) as PaymentRow | undefined;
      const id = same?.id ?? crypto.randomBytes(16).toString('hex');
      if (!same) {
        if ((countOf.get(order.id) as number) >= PAYMENTS_PER_ORDER) throw conflict('too_many_payments', { limit: PAYMENTS_PER_ORDER });
        insert.run(id, order.id, provider, order.total, returnPath, ctx.now());
      }
      return {
        paymentId: id,
        provider,
        amount: order.total,
        amountTiyin: order.total * 100,
        paymentUrl: `${apiBase}/sandbox/payments/${id}`,
        expiresAt: new Date(order.payment_deadline).toISOString(),
      };
    },
  );

  function find(id: string): PaymentRow | undefined {
    return /^[0-9a-f]{32}$/.test(id) ? (byId.get(id) as PaymentRow | undefined) : undefined;
  }

  /**
   * The provider's answer, decided once: the payment is read, decided and its outcome returned in
   * one write transaction (which takes the store's write lock first), so any number of
   * simultaneous approvals and declines of one payment, in any worker, see one outcome. Approval
   * sells the number and activates the order in the same transaction.
   */
  const settle = writeTransaction(db, (paymentId: string, approved: boolean): PaymentRow['status'] => {
    const now = ctx.now();
    const payment = find(paymentId);
    if (!payment) throw notFound('payment_not_found');
    if (payment.status !== 'pending') return payment.status;
    if (!approved) {
      decide.run('declined', now, payment.id);
      return 'declined';
    }
    const order = orders.find(payment.order_id)!;
    const alreadyActive = order.status === 'activated' || order.status === 'paid';
    // A won lot's price paid after the turn to buy it (the order's deadline is the turn's end) is
    // refunded, as a late buy-now is: the turn stays lapsed, its ban stands, and the runner-up's
    // turn or the number's sale are not taken back by a winner who kept paying late as an option.
    if (!alreadyActive && order.lot_id && order.number_price > 0 && now >= order.payment_deadline) {
      expireOrder.run(order.id);
      decide.run('refunded', now, payment.id);
      return 'refunded';
    }
    if (!alreadyActive && sell.run({ id: order.number_id, order: order.id, now }).changes === 1) {
      activate.run({ id: order.id, now });
      orders.issueEsimProfile(order, now);
      if (order.lot_id) soldLot.run(order.number_price, now, order.phone, order.lot_id);
      decide.run('approved', now, payment.id);
      return 'approved';
    }
    // Charged but nothing to deliver: the order already active, or the number gone after a timeout.
    if (!alreadyActive) expireOrder.run(order.id);
    decide.run('refunded', now, payment.id);
    return 'refunded';
  });

  return { start, find, settle };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
