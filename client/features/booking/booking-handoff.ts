import { BOOKING_HANDOFF_COOKIE, handoffTokenIn, numbersPagePath } from '../../../shared/booking-handoff';
import { languageFromPath } from '../../../shared/languages';
import { rememberOwnBooking } from '../../../shared/own-bookings';
import { notifyTokensChanged, RESERVATION_TOKEN_KEY, reservationFromToken, storeToken } from '../../../shared/tokens';

/**
 * A number reserved before the page's scripts ran (server/site/http/number-choice.ts): its token
 * came in the handoff cookie, which only the numbers page's path sees. Moved into storage, where
 * every booking token lives (shared/tokens.ts), and the cookie cleared at once: it is adopted once,
 * and from then on the token travels only as the browser's own requests send it. A token already
 * past its end is dropped with the cookie.
 */
export function adoptHandoff(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  if (!doc?.cookie.includes(`${BOOKING_HANDOFF_COOKIE}=`)) return false;
  const token = handoffTokenIn(doc.cookie);
  const path = numbersPagePath(languageFromPath(doc.location.pathname));
  doc.cookie = `${BOOKING_HANDOFF_COOKIE}=; Max-Age=0; Path=${path}; SameSite=Strict`;
  const held = reservationFromToken(token);
  if (!token || !held || held.expiresAtMs <= Date.now()) return false;
  storeToken(RESERVATION_TOKEN_KEY, token);
  rememberOwnBooking(held.bookingId);
  notifyTokensChanged();
  return true;
}
