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
    expiresAt: DateTime,
    /** Set once an order was created from this reservation. */
    orderId: z.string().nullable(),
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
