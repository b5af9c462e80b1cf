import { cancelReservation, reserveNumber } from '../../api/reservations';
import { apiErrorCode, apiErrorOf } from '../../api/api-error';
import { clearReservation, saveReservation } from '../../../shared/tokens';

export type { CancelOrderOutcome } from './cancel-order';

/** The visitor's own unpaid premium order that the API named when it refused the choice: its id and number. */
export interface UnpaidOrder {
  id: string;
  number: string;
}

/**
 * A choice's outcome: reserved (maybe replacing the held number), taken by someone else meanwhile,
 * refused until the visitor confirms a phone by SMS (`phoneRequired`), refused while the visitor's
 * unpaid premium order waits (`unpaidOrder`, to pay or cancel it), or refused.
 */
export type ReserveOutcome =
  | { intent: 'reserve'; ok: true; number: string; formatted: string; replaced: string | null }
  | {
      intent: 'reserve';
      ok: false;
      number: string;
      taken: boolean;
      phoneRequired: boolean;
      unpaidOrder: UnpaidOrder | null;
      message: string | null;
    };

async function reserve(form: FormData): Promise<ReserveOutcome> {
  const number = String(form.get('number') ?? '');
  try {
    const booked = await reserveNumber(number);
    saveReservation(booked);
    const { reservation, replaced } = booked;
    return { intent: 'reserve', ok: true, number, formatted: reservation.formatted, replaced };
  } catch (error) {
    const refusal = apiErrorOf(error);
    const code = refusal?.code ?? null;
    return {
      intent: 'reserve',
      ok: false,
      number,
      taken: code === 'number_unavailable' || code === 'number_not_found',
      phoneRequired: code === 'phone_required',
      unpaidOrder:
        code === 'premium_order_unpaid' && refusal?.orderId && refusal.number ? { id: refusal.orderId, number: refusal.number } : null,
      message: refusal?.message ?? null,
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

/** The booking's intents: choosing a number (from the search's results), cancelling the booking, and cancelling an unpaid order that stands in the way of a choice. */
export const bookingIntents = {
  reserve,
  'cancel-reservation': cancel,
  // Loaded when asked for, as the booking's release is (booking-handoff.ts): the page's first load carries no order writes.
  'cancel-order': (form: FormData) => import('./cancel-order').then((module) => module.cancelOrder(form)),
};

/** What the page action answers for these intents: the type of their fetchers (`useFetcher<BookingAction>()`). */
export type BookingAction = (typeof bookingIntents)[keyof typeof bookingIntents];
