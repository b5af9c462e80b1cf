import type { Reservation, ReservationResponse } from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { clearReservation, readReservation, saveReservation } from './token-store';

/**
 * The shared client sends one Bearer token, the last valid of reservation-token, auth_token and
 * access_token: a visitor who also holds an auth or order token would not send the booking. So
 * the booking always travels in its own header too (docs/api.md, Tokens): a new choice then
 * replaces the held number instead of leaving it blocked by the visitor's own earlier hold.
 */
export function reservationHeaders(): Record<string, string> {
  const held = readReservation();
  return held ? { 'X-Reservation-Token': held.token } : {};
}

/** Reserves a number (or replaces the held one atomically) and stores the new token. */
export async function reserveNumber(number: string): Promise<ReservationResponse> {
  const { data } = await apiClient().post<ReservationResponse>('/reservations', { number }, { headers: reservationHeaders() });
  saveReservation(data);
  return data;
}

export async function currentReservation(): Promise<Reservation> {
  const { data } = await apiClient().get<Reservation>('/reservations/current', { headers: reservationHeaders() });
  return data;
}

/** Cancels the booking on the server, which frees the number, then forgets the token. */
export async function cancelReservation(): Promise<void> {
  await apiClient().delete('/reservations/current', { headers: reservationHeaders() });
  clearReservation();
}
