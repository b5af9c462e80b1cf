import type { LoaderFunctionArgs } from 'react-router';
import type { Reservation } from '../../../shared/api-types';
import { clearReservation, readReservation } from '../../../shared/tokens';
import { currentReservation } from '../../api/reservations';
import { apiErrorCode } from '../../api/api-error';
import { requestOf } from '../../framework/request-context';
import { notFoundLoader } from '../../framework/not-found';

/**
 * The visitor's booking as the server knows it (its price, whether an order exists): the token in
 * the browser knows only the number and the end. Read by ReservationPanel through a fetcher.
 * A page nobody visits: the server answers it 404 (it has no tokens to read it with). A booking
 * replaced or cancelled in another tab is forgotten here; any other failure leaves the panel
 * without the details.
 */
export async function loader({ context, request }: LoaderFunctionArgs): Promise<Reservation | null> {
  if (requestOf(context).side === 'server') notFoundLoader({ request });
  if (!readReservation()) return null;
  try {
    return await currentReservation();
  } catch (error) {
    if (apiErrorCode(error) === 'reservation_not_found') clearReservation();
    return null;
  }
}
