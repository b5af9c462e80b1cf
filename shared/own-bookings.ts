import { browserStorage } from './browser-storage';

/**
 * The public ids of this browser's bookings, the one held now first (shared/tokens.ts
 * `saveReservation` remembers each): the number stream names the booking that holds a number by
 * its id (`bookingId`), so a page knows a number held by one of these as the visitor's own, never
 * someone else's, whatever order the stream's events and the API's answers arrive in. Kept after a
 * booking ends: until the server's own lapse frees the number, the stream still names it, and to
 * the visitor it is free to choose at once.
 */
export const OWN_BOOKINGS_KEY = 'own-bookings';
const OWN_BOOKINGS_KEPT = 10;

function stored(raw: string | null): string[] {
  try {
    const value = JSON.parse(raw ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

let cache: { raw: string | null; value: ReadonlySet<string> } = { raw: null, value: new Set() };

/** The ids of this browser's bookings (a cached snapshot: the same set while nothing changed). */
export function readOwnBookings(): ReadonlySet<string> {
  const raw = browserStorage()?.getItem(OWN_BOOKINGS_KEY) ?? null;
  if (raw !== cache.raw) cache = { raw, value: new Set(stored(raw)) };
  return cache.value;
}

/** Remembers a booking just made as this browser's own. */
export function rememberOwnBooking(bookingId: string): void {
  const storage = browserStorage();
  const kept = [bookingId, ...stored(storage?.getItem(OWN_BOOKINGS_KEY) ?? null).filter((id) => id !== bookingId)];
  storage?.setItem(OWN_BOOKINGS_KEY, JSON.stringify(kept.slice(0, OWN_BOOKINGS_KEPT)));
}
