import type { ApiContext } from '../context';
import { tooManyRequests } from '../http/limits';
import { siteRange } from '../http/client-limits';

/**
 * The wait before a client books again a number it let go: cancelling a booking and booking the
 * same number at once (or letting it lapse, or swapping it away and back, or ordering it and
 * leaving the order unpaid) would keep one number off sale for ever within the hourly budget.
 * Whoever let the number go waits `rebookWaitMinutes` from the end before booking it again; the
 * requester waits when either of these let it go (docs/attacks/2026-11-28-writes-second.md, A2, A3):
 *
 * - its phone confirmed by SMS, from any address: a booking made with the phone's auth token, or
 *   an order of the phone whose payment window lapsed;
 * - its site (`siteRange`: an IPv4 address, an IPv6 /48 as `siteKey` groups them), whatever phone
 *   token it carries now: a booking made from there, with a phone or without, or the booking of
 *   an order that lapsed. Another /64 of one home line's /56, or another phone on the same address,
 *   no longer books the number back at once.
 *
 * A booking's end is its `expires_at`: the moment it lapses, or the moment it was cancelled or
 * replaced (set then by the reservation service). An ordered booking ends at its order's payment
 * deadline when the order lapsed unpaid. Bookings and orders of won lots are not looked at.
 */

/** Orders outlive their booking by at most the longest payment window; older bookings are not looked at. */
const ORDER_HORIZON_MS = 8 * 24 * 60 * 60 * 1000;

export function createRebookWait(ctx: ApiContext) {
  const db = ctx.db;
  const ENDED_BOOKING = `AND created_at > @since AND number_id = @number AND lot_id IS NULL
    AND status IN ('active', 'cancelled', 'replaced') AND expires_at <= @now AND expires_at > @waitSince`;
  // Through the indexes of a client's and of a phone's bookings by their start: a booking ended
  // within the wait began at most one booking's length before it.
  const bookingEnded = (who: string) => db.prepare(`SELECT MAX(expires_at) FROM reservations WHERE ${who} ${ENDED_BOOKING}`).pluck();
  const endedByPhone = bookingEnded('phone = @key');
  const endedByClient = bookingEnded('client_key = @from');
  const endedBySite = bookingEnded('client_key >= @from AND client_key < @to');
  // An order lapsed unpaid: still `created` past its deadline until something expires it, or `expired`.
  const LAPSED = `o.number_id = @number AND o.lot_id IS NULL AND o.status IN ('created', 'expired')
    AND o.payment_deadline <= @now AND o.payment_deadline > @waitSince`;
  const lapsedByPhone = db.prepare(`SELECT MAX(o.payment_deadline) FROM orders o WHERE o.phone = @key AND ${LAPSED}`).pluck();
  const orderLapsed = (who: string) =>
    db
      .prepare(
        `SELECT MAX(o.payment_deadline) FROM reservations r JOIN orders o ON o.id = r.order_id
         WHERE ${who} AND r.created_at > @orderSince AND r.status = 'ordered' AND ${LAPSED}`,
      )
      .pluck();
  const lapsedByClient = orderLapsed('r.client_key = @from');
  const lapsedBySite = orderLapsed('r.client_key >= @from AND r.client_key < @to');

  return {
    /** Refuses the requester a booking of the number while its phone's or its site's last hold of it ended within the wait. */
    check(numberId: number, requester: { client: string; phone: string | null }, now: number): void {
      const waitMs = ctx.limits.limits.rebookWaitMinutes * 60_000;
      if (waitMs === 0) return;
      const waitSince = now - waitMs;
      const params = { number: numberId, now, waitSince, since: waitSince - ctx.reservationMs, orderSince: now - ORDER_HORIZON_MS };
      const site = { ...params, ...siteRange(requester.client) };
      const ends = [
        (site.exact ? endedByClient : endedBySite).get(site),
        (site.exact ? lapsedByClient : lapsedBySite).get(site),
        ...(requester.phone
          ? [endedByPhone.get({ ...params, key: requester.phone }), lapsedByPhone.get({ ...params, key: requester.phone })]
          : []),
      ].filter((end): end is number => typeof end === 'number');
      if (ends.length > 0) throw tooManyRequests('rebook_too_soon', Math.max(...ends) + waitMs - now);
    },
  };
}
