import { z } from 'zod';
import { checkUzPhone } from '../validation';
import { CategoryId } from './numbers';
import { DateTime, Int, Msisdn, text } from './common';
import { checked } from './checked';

export const ReserveBody = z.strictObject({ number: checked(text(40), checkUzPhone) });

export const Reservation = z
  .strictObject({
    number: Msisdn,
    formatted: z.string(),
    price: Int,
    category: CategoryId,
    status: z.enum(['active', 'ordered']),
    /** When the booking ends; once it became an order, when the order's hold ends (its payment deadline). */
    expiresAt: DateTime,
    /** Set once an order was created from this reservation. */
    orderId: z.string().nullable(),
    /**
     * The booking's public id: the number stream names the booking that holds a number by it
     * (`NumberStatusEvent.bookingId`), so a page knows its own booking by id. Not a credential.
     */
    bookingId: z.string().meta({ description: 'Public id of the booking, as the number stream names its holder; grants nothing' }),
  })
  .meta({ id: 'Reservation' });

export const ReservationResponse = z
  .strictObject({
    /** Store as `reservation-token`; its exp is the end of the booking. */
    reservationToken: z.string(),
    reservation: Reservation,
    /** The number released by this request when it replaced a held one. */
    replaced: Msisdn.nullable(),
  })
  .meta({ id: 'ReservationResponse' });
