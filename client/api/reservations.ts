import type { Reservation, ReservationResponse } from '../../shared/api-types';
import { apiClient } from './api-client';
import { credentialHeaders } from './credentials';

/*
 * The booking always travels in its own header: a new choice then replaces the held number
 * instead of leaving it blocked by the visitor's own earlier hold.
 */

/**
 * Reserves a number (or replaces the held one atomically); the caller stores the new token. A phone
 * confirmed by SMS goes along: in a category where many numbers are booked without one, the API
 * books only for a confirmed phone (`phone_required`).
 */
export async function reserveNumber(number: string): Promise<ReservationResponse> {
  const { data } = await apiClient().post<ReservationResponse>('/reservations', { number }, credentialHeaders('reservation', 'auth'));
  return data;
}

export async function currentReservation(): Promise<Reservation> {
  const { data } = await apiClient().get<Reservation>('/reservations/current', credentialHeaders('reservation'));
  return data;
}

/** Cancels the booking on the server, which frees the number; the caller then forgets the token. */
export async function cancelReservation(): Promise<void> {
  await apiClient().delete('/reservations/current', credentialHeaders('reservation'));
}
