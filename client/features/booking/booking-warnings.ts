/**
 * When the booking warns (spec section 4): 5 minutes before the end, 1 minute before, and at the
 * end. Pure, so the rules are tested without a browser; BookingAnnouncer turns them into toasts,
 * once per booking (booking-record.ts), through the booking's store (booking-store.ts).
 */
export type BookingWarning = 'fiveMinutes' | 'oneMinute' | 'expired';

export const WARNING_MESSAGE_KEY: Record<BookingWarning, string> = {
  fiveMinutes: 'messages.bookingExpiresIn5',
  oneMinute: 'messages.bookingExpiresIn1',
  expired: 'messages.bookingExpired',
};

/** Whole seconds left until `expiresAtMs`, never negative (rounded up: 0 means it is over). */
export function secondsLeft(expiresAtMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
}

export const FIVE_MINUTES_S = 5 * 60;
export const ONE_MINUTE_S = 60;

/**
 * The warning due now, given the ones already shown for this booking. Only the most urgent one:
 * a tab that comes back from the background after ten minutes says "expired", not three things
 * at once; and a passed threshold is never announced again after a reload.
 */
export function dueWarning(secondsLeft: number, shown: readonly BookingWarning[]): BookingWarning | null {
  if (secondsLeft <= 0) return shown.includes('expired') ? null : 'expired';
  if (secondsLeft <= ONE_MINUTE_S) return shown.includes('oneMinute') ? null : 'oneMinute';
  if (secondsLeft <= FIVE_MINUTES_S) return shown.includes('fiveMinutes') || shown.includes('oneMinute') ? null : 'fiveMinutes';
  return null;
}

/** Everything a warning implies was said: "1 minute" also covers "5 minutes". */
export function withImplied(shown: readonly BookingWarning[], warning: BookingWarning): BookingWarning[] {
  const all = new Set<BookingWarning>([...shown, warning]);
  if (warning === 'oneMinute' || warning === 'expired') all.add('fiveMinutes');
  if (warning === 'expired') all.add('oneMinute');
  return [...all];
}
