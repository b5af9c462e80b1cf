import { useSyncExternalStore } from 'react';
import { bookingSnapshot, NO_BOOKING, subscribeBooking, type BookingState } from './booking-store';

export type { BookingState } from './booking-store';

const currentBooking = () => bookingSnapshot().booking;
const serverBooking = () => NO_BOOKING;

/**
 * The booking as a page shows it (booking-store.ts). The page renders again when the booking
 * starts, ends or expires, never on the clock's tick (on a slow phone, a whole page rendered every
 * second was a long task every second; bench:countdowns). Its warnings are BookingAnnouncer's,
 * once for the whole site. Nothing on the server and during hydration: the token is the browser's.
 */
export function useBooking(): BookingState {
  return useSyncExternalStore(subscribeBooking, currentBooking, serverBooking);
}

const currentSecondsLeft = () => bookingSnapshot().secondsLeft ?? 0;
const noSeconds = () => 0;

/**
 * Whole seconds left of the booking, again on each tick, from its end and Date.now(): a reload,
 * a sleeping laptop or a throttled background tab cannot make it drift. Only the element that
 * shows the count calls it (BookingCountdown): whatever calls it renders every second.
 */
export function useBookingSecondsLeft(): number {
  return useSyncExternalStore(subscribeBooking, currentSecondsLeft, noSeconds);
}
