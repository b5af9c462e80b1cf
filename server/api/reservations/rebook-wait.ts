import type { ApiContext } from '../context';
import { tooManyRequests } from '../http/limits';

/**
 * The wait before a client books again a number it let go: cancelling a booking and booking the
 * same number at once (or letting it lapse, or swapping it away and back) would keep one number
 * off sale for ever within the hourly budget. Whoever released the booking waits
 * `rebookWaitMinutes` from its end before booking that number again: its phone, or its address
 * when it asks without one. Everyone else may book the number at once.
 *
 * A booking's end is its `expires_at`: the moment it lapses, or the moment it was cancelled or
 * replaced (set then by the reservation service). Bookings of won lots are not looked at.
 */
export function createRebookWait(ctx: ApiContext) {
  const db = ctx.db;
  // Through the indexes of a client's and of a phone's bookings by their start: a booking ended
  // within the wait began at most one booking's length before it.
  const endedBy = (column: 'client_key' | 'phone') =>
    db
      .prepare(
        `SELECT MAX(expires_at) FROM reservations
         WHERE ${column} = @key AND created_at > @since AND number_id = @number AND lot_id IS NULL
           AND status IN ('active', 'cancelled', 'replaced') AND expires_at <= @now AND expires_at > @waitSince`,
      )
      .pluck();
  const endedByClient = endedBy('client_key');
  const endedByPhone = endedBy('phone');

  return {
    /** Refuses the requester a booking of the number while their own last booking of it ended within the wait. */
    check(numberId: number, requester: { client: string; phone: string | null }, now: number): void {
      const waitMs = ctx.limits.limits.rebookWaitMinutes * 60_000;
      if (waitMs === 0) return;
      const params = { number: numberId, now, waitSince: now - waitMs, since: now - waitMs - ctx.reservationMs };
      const ended = requester.phone
        ? (endedByPhone.get({ ...params, key: requester.phone }) as number | null)
        : (endedByClient.get({ ...params, key: requester.client }) as number | null);
      if (ended !== null) throw tooManyRequests('rebook_too_soon', ended + waitMs - now);
    },
  };
}
