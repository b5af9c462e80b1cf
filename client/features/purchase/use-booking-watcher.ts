import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../platform/toast';
import { WARNING_MESSAGE_KEY, dueWarning, withImplied, type BookingWarning } from './booking-warnings';
import { clearReservation, type HeldReservation } from '../../../shared/tokens';
import { useReservationCountdown } from './use-reservation-countdown';

/**
 * Which warnings a booking has had, per tab: a reload must not repeat a toast the visitor saw.
 * Keyed by the number and end of the booking, so a new booking starts clean.
 */
const SHOWN_KEY = 'booking-warnings';

function bookingId(reservation: HeldReservation): string {
  return `${reservation.number}@${reservation.expiresAtMs}`;
}

function readShown(id: string): BookingWarning[] {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(SHOWN_KEY) ?? 'null') as { id?: string; shown?: BookingWarning[] } | null;
    return stored?.id === id && Array.isArray(stored.shown) ? stored.shown : [];
  } catch {
    return [];
  }
}

function writeShown(id: string, shown: BookingWarning[]): void {
  try {
    window.sessionStorage.setItem(SHOWN_KEY, JSON.stringify({ id, shown }));
  } catch {
    // Without session storage a reload may repeat a warning; nothing worse.
  }
}

// The number whose booking just ran out, so the page can say so where the booking was shown.
let expiredNumber: string | null = null;
const expiredListeners = new Set<() => void>();

function setExpiredNumber(value: string | null): void {
  expiredNumber = value;
  for (const listener of [...expiredListeners]) listener();
}

function subscribeExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

export interface BookingState {
  reservation: HeldReservation | null;
  secondsLeft: number | null;
  /** The formatted number released by an expiry, until another one is reserved. */
  expiredNumber: string | null;
}

/**
 * The booking of the page, with its warnings: a toast at 5 and 1 minute left and at the end,
 * after which the token is removed and the number released in the interface. Call it once per
 * page (each call would toast).
 */
export function useBookingWatcher(): BookingState {
  const { t } = useTranslation();
  const { reservation, secondsLeft } = useReservationCountdown();
  const expired = useSyncExternalStore(
    subscribeExpired,
    () => expiredNumber,
    () => null,
  );
  const last = useRef<HeldReservation | null>(null);

  useEffect(() => {
    const announce = (held: HeldReservation, warning: BookingWarning) => {
      const id = bookingId(held);
      writeShown(id, withImplied(readShown(id), warning));
      showToast(t(WARNING_MESSAGE_KEY[warning]), warning === 'expired' ? 'error' : 'warning');
      if (warning === 'expired') setExpiredNumber(held.formatted);
    };
    if (reservation && secondsLeft !== null) {
      last.current = reservation;
      if (expiredNumber !== null) setExpiredNumber(null);
      const due = dueWarning(secondsLeft, readShown(bookingId(reservation)));
      if (due) announce(reservation, due);
      if (secondsLeft <= 0) clearReservation();
      return;
    }
    // The shared client drops an expired token on its own when a request goes out: the end of
    // the booking must still be said, never pass silently.
    const previous = last.current;
    last.current = null;
    if (previous && previous.expiresAtMs <= Date.now() && !readShown(bookingId(previous)).includes('expired')) {
      announce(previous, 'expired');
    }
  }, [reservation, secondsLeft, t]);

  return {
    reservation: secondsLeft === 0 ? null : reservation,
    secondsLeft,
    expiredNumber: reservation && secondsLeft !== 0 ? null : expired,
  };
}
