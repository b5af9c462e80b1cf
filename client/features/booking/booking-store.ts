import { readReservation, subscribeTokens, type HeldReservation } from '../../../shared/tokens';
import { subscribeClock } from '../../platform/clock';
import { takeDueWarning } from './booking-record';
import { secondsLeft, type BookingWarning } from './booking-warnings';

/**
 * THE visitor's booking in the browser, one store for the whole site: the booking held (from the
 * token, which shared/tokens.ts alone reads and writes), whether its end has come, the seconds
 * left of it, and the number an expiry released. Read by `useBooking` and the countdown's
 * `useBookingSecondsLeft` (use-booking.ts) and by `BookingAnnouncer`, which takes the warnings
 * through it (`takeBookingWarning`; their record: booking-record.ts).
 *
 * It follows the tokens (subscribeTokens: this tab's writes and other tabs') while anything
 * listens, and the shared clock while a booking is held: its end, and each second of the
 * countdown, come on the clock's ticks. A listener hears a change only: a page that reads
 * `booking` keeps the same object through every tick and renders again when the booking starts,
 * ends or expires; only the countdown renders every second (bench:countdowns).
 *
 * Hand-written around useSyncExternalStore: the store itself is the listener set and two
 * functions below. zustand 5 (0.39 kB gzip with its React hook) would replace those few lines,
 * not the part that is this store's own (follow the tokens while listened to, the clock while a
 * booking is held); nanostores with @nanostores/react (1.25 kB gzip), whose onMount does the
 * starting and stopping, would take /numbers past its first-load budget (bench/budgets.ts).
 */
export interface BookingState {
  /** The booking, until its end (the countdown itself is `BookingCountdown`'s, not the page's). */
  reservation: HeldReservation | null;
  /** The formatted number released by an expiry, until another one is reserved. */
  expiredNumber: string | null;
}

interface BookingSnapshot {
  booking: BookingState;
  /** Whole seconds left of the booking held (0: its end has come); null without one. */
  secondsLeft: number | null;
}

/** No booking: what the server renders and hydration starts from (the token is in the browser). */
export const NO_BOOKING: BookingState = { reservation: null, expiredNumber: null };

let snapshot: BookingSnapshot = { booking: NO_BOOKING, secondsLeft: null };
let expiredNumber: string | null = null;
const listeners = new Set<() => void>();
let stopTokens: (() => void) | null = null;
let stopClock: (() => void) | null = null;

/** Reads the token and the time again; tells the listeners when what they read has changed. */
function update(): void {
  const held = readReservation();
  const left = held ? secondsLeft(held.expiresAtMs, Date.now()) : null;
  const reservation = left ? held : null;
  // A new booking: the last one's expiry is no longer news.
  if (reservation) expiredNumber = null;
  const { booking } = snapshot;
  const same = booking.reservation === reservation && booking.expiredNumber === expiredNumber;
  const next = same ? booking : reservation || expiredNumber ? { reservation, expiredNumber } : NO_BOOKING;
  // The clock runs while a booking is held (an expired one too, until it is said and let go).
  const ticking = listeners.size > 0 && held !== null;
  if (ticking && !stopClock) stopClock = subscribeClock(update);
  if (!ticking && stopClock) {
    stopClock();
    stopClock = null;
  }
  if (next === booking && left === snapshot.secondsLeft) return;
  snapshot = { booking: next, secondsLeft: left };
  for (const listener of [...listeners]) listener();
}

export function subscribeBooking(listener: () => void): () => void {
  if (!stopTokens) stopTokens = subscribeTokens(update);
  listeners.add(listener);
  update();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopTokens?.();
    stopTokens = null;
    update();
  };
}

/** What the store holds now; read afresh while nothing listens (a first render before its subscription). */
export function bookingSnapshot(): BookingSnapshot {
  if (listeners.size === 0) update();
  return snapshot;
}

/**
 * For the one tab that speaks (BookingAnnouncer): the warning due now, marked as said in the
 * booking's record before it is returned. An expiry ends the booking (its token and record) and
 * leaves its number as the expired one, which the pages then show.
 */
export function takeBookingWarning(): BookingWarning | null {
  const due = takeDueWarning();
  if (due?.warning === 'expired') {
    expiredNumber = due.record.formatted;
    update();
  }
  return due?.warning ?? null;
}
