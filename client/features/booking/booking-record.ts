import { browserStorage } from '../../../shared/browser-storage';
import { clearReservation, readReservation, type HeldReservation } from '../../../shared/tokens';
import { dueWarning, secondsLeft, withImplied, type BookingWarning } from './booking-warnings';

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

export function readRecord(): BookingRecord | null {
  try {
    const value = JSON.parse(browserStorage()?.getItem(BOOKING_RECORD_KEY) ?? 'null') as Partial<BookingRecord> | null;
    if (!value || typeof value.bookingId !== 'string' || typeof value.expiresAtMs !== 'number' || !Array.isArray(value.shown)) return null;
    return value as BookingRecord;
  } catch {
    return null;
  }
}

/** Without storage the warnings are said per page; nothing worse. */
function writeRecord(record: BookingRecord | null): void {
  if (record) browserStorage()?.setItem(BOOKING_RECORD_KEY, JSON.stringify(record));
  else browserStorage()?.removeItem(BOOKING_RECORD_KEY);
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
 * the record before it is returned, so no reload and no tab that speaks later says it again (one
 * visible tab speaks at a time: BookingAnnouncer). An expired booking's record and token end with
 * it, so no tab finds it again as new.
 */
export function takeDueWarning(now: () => number = Date.now): { warning: BookingWarning; record: BookingRecord } | null {
  const record = followToken(readReservation(), now());
  if (!record) return null;
  const warning = dueWarning(secondsLeft(record.expiresAtMs, now()), record.shown);
  if (!warning) return null;
  writeRecord(warning === 'expired' ? null : { ...record, shown: withImplied(record.shown, warning) });
  if (warning === 'expired' && readReservation()?.bookingId === record.bookingId) clearReservation();
  return { warning, record };
}
