import { BOOKING_HANDOFF_COOKIE, handoffTokenIn, numbersPagePath } from '../../../shared/booking-handoff';
import { languageFromPath } from '../../../shared/languages';
import { readReservation, reservationFromToken, saveReservation } from '../../../shared/tokens';

/**
 * A number reserved before the page's scripts ran (server/site/http/number-choice.ts): its token
 * came in the handoff cookie, which only the numbers page's path sees. Moved into storage, where
 * every booking token lives (shared/tokens.ts), and the cookie cleared at once: it is adopted once,
 * and from then on the token travels only as the browser's own requests send it. A token already
 * past its end is dropped with the cookie.
 *
 * The server could not see a booking the visitor already held (its token is in storage, which a
 * form does not send): the new one replaces it, as a choice made with the scripts does, so the
 * earlier one is cancelled first (`release`, with the earlier token still stored) rather than left
 * holding a number nobody sees until it expires.
 */
export function adoptHandoff(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
  // The write's module is loaded only then, as every write of the page is (not in the first load).
  release: () => Promise<void> = () => import('../../api/reservations').then((writes) => writes.cancelReservation()),
): boolean {
  if (!doc?.cookie.includes(`${BOOKING_HANDOFF_COOKIE}=`)) return false;
  const token = handoffTokenIn(doc.cookie);
  const path = numbersPagePath(languageFromPath(doc.location.pathname));
  doc.cookie = `${BOOKING_HANDOFF_COOKIE}=; Max-Age=0; Path=${path}; SameSite=Strict`;
  const held = reservationFromToken(token);
  if (!token || !held || held.expiresAtMs <= Date.now()) return false;
  const adopt = () => saveReservation({ reservationToken: token, reservation: { bookingId: held.bookingId } });
  const earlier = readReservation();
  if (earlier && earlier.bookingId !== held.bookingId && earlier.expiresAtMs > Date.now()) {
    // Adopted whether or not the cancel went through: the shared client tells the visitor of a failure.
    void release().then(adopt, adopt);
  } else adopt();
  return true;
}
