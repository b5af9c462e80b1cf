import crypto from 'node:crypto';
import type { Order } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import type { ApiContext } from '../context';
import { conflict, notFound } from '../http/api-error';
import type { TokenClaims } from '../http/tokens';
import { PREMIUM_CATEGORIES } from '../numbers/categories';
import { RELEASE_HOLD } from '../numbers/number-store';
import { writeTransaction } from '../store/database';
import type { OrderService } from './order-service';

/**
 * POST /orders/{id}/cancel: the phone ends its own order awaiting payment at once, instead of
 * waiting for the payment window to lapse. The order becomes a lapsed one (status `expired`, its
 * payment deadline the moment of cancelling, `cancelled_at` set: store/order-cancel-migration.ts)
 * and its number's hold is released in the same transaction, so the number is free for anyone at
 * once, while the canceller's phone and site wait before booking it again as after any lapse
 * (reservations/rebook-wait.ts reads the lapsed order). A cancelled order cancelled again answers
 * the same order: the call is idempotent.
 *
 * A gold or platinum number comes back on sale at a moment nobody chooses: its hold ends between
 * 1 and 10 minutes after the cancel, at random. Released at once, two phones of a crew passed a
 * premium number to each other, one cancelling and the other booking within 50 ms at a moment
 * only they knew, and kept it off sale for as long as they liked (attack of 2026-11-28); a lapse
 * happens at a payment deadline anyone can read and race for, and this moment nobody knows.
 */
/** When a cancelled gold or platinum order's number comes back on sale, after the cancel. */
export const PREMIUM_RELEASE_MS = { min: 60_000, max: 600_000 } as const;

export function createOrderCancel(ctx: ApiContext, orders: OrderService) {
  const db = ctx.db;
  const release = db.prepare(RELEASE_HOLD);
  const categoryOf = db.prepare('SELECT category FROM numbers WHERE id = ?').pluck();
  const holdUntil = db.prepare('UPDATE numbers SET held_until = @until WHERE id = @id AND hold_ref = @ref');
  const cancelRow = db.prepare(
    "UPDATE orders SET status = 'expired', cancelled_at = @now, payment_deadline = @now WHERE id = @id AND status = 'created'",
  );
  // A payment started and not declined may still charge the visitor: the order waits for its result.
  const livePayment = db.prepare("SELECT 1 FROM payments WHERE order_id = ? AND status IN ('pending', 'approved') LIMIT 1").pluck();

  const cancelInStore = writeTransaction(db, (tokens: { order: TokenClaims | null; auth: TokenClaims | null }, id: string) => {
    const row = orders.find(id);
    // Another's order is answered as a missing one: the caller learns nothing of it.
    if (!row || (tokens.order?.sub !== row.id && tokens.auth?.sub !== row.phone)) throw notFound('order_not_found');
    if (row.cancelled_at !== null) return row;
    if (row.status === 'paid' || row.status === 'activated') throw conflict('order_already_paid');
    if (row.status === 'expired') throw conflict('order_expired');
    if (row.lot_id !== null) throw conflict('order_from_auction');
    if (livePayment.get(row.id) !== undefined) throw conflict('order_payment_pending');
    const now = ctx.now();
    cancelRow.run({ id: row.id, now });
    if ((PREMIUM_CATEGORIES as readonly string[]).includes(categoryOf.get(row.number_id) as string)) {
      holdUntil.run({ id: row.number_id, ref: row.id, until: now + crypto.randomInt(PREMIUM_RELEASE_MS.min, PREMIUM_RELEASE_MS.max + 1) });
    } else release.run(row.number_id, row.id);
    return orders.find(row.id)!;
  });

  return {
    cancel(tokens: { order: TokenClaims | null; auth: TokenClaims | null }, id: string | undefined, lang: Language): Order {
      if (id === undefined) throw notFound('order_not_found');
      return orders.view(cancelInStore(tokens, id), lang);
    },
  };
}
