import { cancelReservation, reserveNumber } from '../../api/reservations';
import { apiErrorCode, apiErrorOf } from '../../api/api-error';
import { clearReservation, saveReservation } from '../../../shared/tokens';

/**
 * A choice's outcome: reserved (maybe replacing the held number), taken by someone else meanwhile,
 * refused until the visitor confirms a phone by SMS (`phoneRequired`), or refused.
 */
export type ReserveOutcome =
  | { intent: 'reserve'; ok: true; number: string; formatted: string; replaced: string | null }
  | { intent: 'reserve'; ok: false; number: string; taken: boolean; phoneRequired: boolean; message: string | null };

async function reserve(form: FormData): Promise<ReserveOutcome> {
  const number = String(form.get('number') ?? '');
  try {
    const booked = await reserveNumber(number);
    saveReservation(booked);
    const { reservation, replaced } = booked;
    return { intent: 'reserve', ok: true, number, formatted: reservation.formatted, replaced };
  } catch (error) {
    const code = apiErrorCode(error);
    return {
      intent: 'reserve',
      ok: false,
      number,
      taken: code === 'number_unavailable' || code === 'number_not_found',
      phoneRequired: code === 'phone_required',
      message: apiErrorOf(error)?.message ?? null,
    };
  }
}

/** Cancelling the booking: done, also when the server says it was already gone (another tab, expiry). */
export type CancelOutcome = { intent: 'cancel-reservation'; ok: boolean; number: string };

async function cancel(form: FormData): Promise<CancelOutcome> {
  const number = String(form.get('number') ?? '');
  try {
    await cancelReservation();
    clearReservation();
    return { intent: 'cancel-reservation', ok: true, number };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code !== 'reservation_not_found' && code !== 'reservation_expired') return { intent: 'cancel-reservation', ok: false, number };
    clearReservation();
    return { intent: 'cancel-reservation', ok: true, number };
  }
}

/** The booking's intents: choosing a number (from the search's results) and cancelling the booking. */
export const bookingIntents = { reserve, 'cancel-reservation': cancel };

/** What the page action answers for these intents: the type of their fetchers (`useFetcher<BookingAction>()`). */
export type BookingAction = (typeof bookingIntents)[keyof typeof bookingIntents];
