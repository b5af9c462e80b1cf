import { clearReservation, readReservation, type HeldReservation } from '../../../shared/tokens';
import { dueWarning, withImplied, type BookingWarning } from './booking-warnings';

/**
 * The visitor's booking as the site remembers it, for every page, reload and tab of the browser
 * (localStorage): which booking (its public id), its number, its end and the warnings already
 * said of it. It follows the booking token, but outlives it in one case: a token that expired may
 * be removed by any request (the shared client drops expired tokens) before anyone said that the
 * booking expired, and the record still says it then. A token removed before its end (the booking
 * cancelled, replaced or paid for) takes the record with it: there is nothing left to warn of.
 */
export const BOOKING_RECORD_KEY = 'booking';

export interface BookingRecord {
  bookingId: string;
  number: string;
  formatted: string;
  expiresAtMs: number;
  shown: BookingWarning[];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRecord(): BookingRecord | null {
  try {
    const value = JSON.parse(storage()?.getItem(BOOKING_RECORD_KEY) ?? 'null') as Partial<BookingRecord> | null;
    if (!value || typeof value.bookingId !== 'string' || typeof value.expiresAtMs !== 'number' || !Array.isArray(value.shown)) return null;
    return value as BookingRecord;
  } catch {
    return null;
  }
}

function writeRecord(record: BookingRecord | null): void {
  try {
    if (record) storage()?.setItem(BOOKING_RECORD_KEY, JSON.stringify(record));
    else storage()?.removeItem(BOOKING_RECORD_KEY);
  } catch {
    // Without storage the warnings are said per page; nothing worse.
  }
}

const recordOf = (held: HeldReservation): BookingRecord => ({
  bookingId: held.bookingId,
  number: held.number,
  formatted: held.formatted,
  expiresAtMs: held.expiresAtMs,
  shown: [],
});

/**
 * The record brought in line with the stored token: a new booking starts a new record; a token
 * gone before its booking's end ends the record; an expired booking's record stays until its
 * expiry has been said.
 */
export function followToken(held: HeldReservation | null = readReservation(), now = Date.now()): BookingRecord | null {
  const record = readRecord();
  if (held && held.bookingId !== record?.bookingId) {
    const fresh = recordOf(held);
    writeRecord(fresh);
    return fresh;
  }
  if (!held && record && record.expiresAtMs > now) {
    writeRecord(null);
    return null;
  }
  return record;
}

/**
 * One look at the booking: the warning due now (5 minutes, 1 minute, expired), marked as said in
 * the record before it is returned, so no other tab and no reload says it again. An expired
 * booking's record and token end with it. In an exclusive lock across the browser's tabs where there is
 * one (Web Locks), so two tabs ticking in the same second cannot both take the same warning.
 */
export async function takeDueWarning(now: () => number = Date.now): Promise<{ warning: BookingWarning; record: BookingRecord } | null> {
  const look = () => {
    const record = followToken(readReservation(), now());
    if (!record) return null;
    const left = Math.max(0, Math.ceil((record.expiresAtMs - now()) / 1000));
    const warning = dueWarning(left, record.shown);
    if (!warning) return null;
    writeRecord(warning === 'expired' ? null : { ...record, shown: withImplied(record.shown, warning) });
    // The expired booking's token goes with its record, inside the lock: no tab finds it again as new.
    if (warning === 'expired' && readReservation()?.bookingId === record.bookingId) clearReservation();
    return { warning, record };
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('booking-warnings', look) : look();
}
