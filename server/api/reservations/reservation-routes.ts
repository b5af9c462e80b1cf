import { clientKey, networkKey } from '../http/limits';
import type { WriteHandlers } from '../write-handler';
import type { ReservationService } from './reservation-service';

/** The booking of one number (shared/writes/booking.ts): its input, tokens and limit are checked by server/api/writes.ts. */
export function createReservationWrites(
  reservations: ReservationService,
): WriteHandlers<'reserveNumber' | 'getReservation' | 'cancelReservation'> {
  return {
    // A phone confirmed by SMS (the auth token) books beyond the share left to anonymous bookings.
    reserveNumber: ({ body, tokens, req }) =>
      reservations.reserve(body.number, tokens.reservation, {
        client: clientKey(req.ip),
        network: networkKey(req.ip),
        phone: tokens.auth?.sub ?? null,
      }),
    getReservation: ({ tokens }) => reservations.view(reservations.current(tokens.reservation)),
    cancelReservation: ({ tokens }) => reservations.cancel(tokens.reservation),
  };
}
