import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../platform/toast';
import { SHOWN_KEY, WARNING_MESSAGE_KEY, dueWarning, withImplied, type BookingWarning } from './booking-warnings';
import { clearReservation, type HeldReservation } from '../../../shared/tokens';
import { subscribeClock } from './clock';
import { secondsLeft, useHeldReservation } from './use-reservation-countdown';

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
  /** The booking, until its end (the countdown itself is `BookingCountdown`'s, not the page's). */
  reservation: HeldReservation | null;
  /** The formatted number released by an expiry, until another one is reserved. */
  expiredNumber: string | null;
}

/**
 * The booking of the page, with its warnings: a toast at 5 and 1 minute left and at the end,
 * after which the token is removed and the number released in the interface. Call it once per
 * page (each call would toast). The page renders again when the booking starts or ends, never on
 * the clock's tick: the warnings are the tick's own work (on a slow phone, a whole page rendered
 * every second was a long task every second; bench:countdowns).
 */
export function useBookingWatcher(): BookingState {
  const { t } = useTranslation();
  const reservation = useHeldReservation();
  // Whether the booking's end has come: a snapshot that changes once, however often it is read
  // (a new token renders again through useHeldReservation already).
  const over = useSyncExternalStore(
    subscribeClock,
    () => reservation !== null && reservation.expiresAtMs <= Date.now(),
    () => false,
  );
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
    if (reservation) {
      last.current = reservation;
      if (expiredNumber !== null) setExpiredNumber(null);
      const check = () => {
        const left = secondsLeft(reservation.expiresAtMs, Date.now());
        const due = dueWarning(left, readShown(bookingId(reservation)));
        if (due) announce(reservation, due);
        if (left <= 0) clearReservation();
      };
      check();
      return subscribeClock(check);
    }
    // The shared client drops an expired token on its own when a request goes out: the end of
    // the booking must still be said, never pass silently.
    const previous = last.current;
    last.current = null;
    if (previous && previous.expiresAtMs <= Date.now() && !readShown(bookingId(previous)).includes('expired')) {
      announce(previous, 'expired');
    }
    return undefined;
  }, [reservation, t]);

  return {
    reservation: over ? null : reservation,
    expiredNumber: reservation && !over ? null : expired,
  };
}
