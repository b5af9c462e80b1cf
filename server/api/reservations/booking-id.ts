import crypto from 'node:crypto';
import type { ApiContext } from '../context';

/**
 * A booking's public id: what the number stream says of the booking that holds a number, and what
 * the booking's own answer and token carry, so a browser knows its own booking by comparing ids,
 * never by the order or timing of events. Keyed from the reservation's id, so it stays the same
 * while the booking's order holds the number; it is no credential (a token is signed; knowing
 * the id grants nothing) and it does not reveal the reservation's id.
 */
export function bookingIdOf(ctx: Pick<ApiContext, 'bookingSecret'>, reservationId: string): string {
  return crypto.createHmac('sha256', ctx.bookingSecret).update(reservationId).digest('base64url').slice(0, 16);
}

/** The hold of a number row: a reservation's, or an order's (made from a reservation). */
export interface HeldRow {
  hold_kind: string | null;
  hold_ref: string | null;
}

/** The booking id of whoever holds a number now (its row read at the same moment), or null. */
export function createHolderIds(ctx: Pick<ApiContext, 'db' | 'bookingSecret'>) {
  const reservationOfOrder = ctx.db.prepare('SELECT reservation_id FROM orders WHERE id = ?').pluck();
  return (row: HeldRow): string | null => {
    if (!row.hold_ref) return null;
    if (row.hold_kind === 'reservation') return bookingIdOf(ctx, row.hold_ref);
    if (row.hold_kind === 'order') {
      const reservation = reservationOfOrder.get(row.hold_ref) as string | undefined;
      return reservation ? bookingIdOf(ctx, reservation) : null;
    }
    return null;
  };
}
