import type { Reservation, ReservationResponse } from '../../shared/api-types';
import { send } from './writer';

/*
 * The booking always travels in its own header (its auth reads it: shared/writes/booking.ts): a
 * new choice then replaces the held number instead of leaving it blocked by the visitor's own
 * earlier hold.
 */

/**
 * Reserves a number (or replaces the held one atomically); the caller stores the new token. A phone
 * confirmed by SMS goes along: in a category where many numbers are booked without one, the API
 * books only for a confirmed phone (`phone_required`).
 */
export function reserveNumber(number: string): Promise<ReservationResponse> {
  return send('reserveNumber', { body: { number } });
}

export function currentReservation(): Promise<Reservation> {
  return send('getReservation');
}

/** Cancels the booking on the server, which frees the number; the caller then forgets the token. */
export async function cancelReservation(): Promise<void> {
  await send('cancelReservation');
}
