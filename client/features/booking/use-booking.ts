import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribeTokens, readReservation, type HeldReservation } from '../../../shared/tokens';
import { useLanguage } from '../../components/use-language';
import { ensureLanguage } from '../../framework/language-loader';
import { whenIdle } from '../../framework/tasks';
import { showToast } from '../../platform/toast';
import { readRecord, takeDueWarning } from './booking-record';
import { WARNING_MESSAGE_KEY } from './booking-warnings';
import { subscribeClock } from '../purchase/clock';
import { useHeldReservation } from './use-reservation-countdown';

// The number whose booking just ran out, so a page can say so where the booking was shown.
let expiredNumber: string | null = null;
const expiredListeners = new Set<() => void>();

function setExpiredNumber(value: string | null): void {
  if (value === expiredNumber) return;
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
 * The booking as a page shows it. The page renders again when the booking starts or ends, never
 * on the clock's tick (on a slow phone, a whole page rendered every second was a long task every
 * second; bench:countdowns). Its warnings are BookingAnnouncer's, once for the whole site.
 */
export function useBooking(): BookingState {
  const reservation = useHeldReservation();
  // Whether the booking's end has come: a snapshot that changes once, however often it is read.
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
  return {
    reservation: over ? null : reservation,
    expiredNumber: reservation && !over ? null : expired,
  };
}

/**
 * Says the booking's warnings (spec sections 4 and 9: 5 minutes and 1 minute before the end, and
 * "expired" at the end, after which the booking is let go) on every page of the site, each once
 * for the booking across pages, reloads and tabs (booking-record.ts; one visible tab speaks), even
 * when a request elsewhere has already removed the expired token. Mounted once, in the document (client/app/document.tsx):
 * the web-view page /oqDay has the document's toasts too, so it warns as well. The clock runs only
 * while there is a booking to watch.
 */
export function BookingAnnouncer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useEffect(() => {
    let stopClock: (() => void) | null = null;
    let looking = false;
    let closed = false;
    // One visible tab of the browser speaks for the booking: the holder of a Web Lock, taken while
    // the tab is visible and let go when it is hidden. Two tabs that each marked a warning said in
    // localStorage could both say it (its writes reach other tabs a moment later: a browser test
    // saw both tabs toast); one speaker cannot. Without Web Locks every tab speaks.
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    let leading = !locks;
    let waiting = false;
    let letGo: (() => void) | null = null;
    const lead = () => {
      if (!locks || waiting || leading || closed || document.visibilityState !== 'visible') return;
      waiting = true;
      void locks.request('booking-announcer', () => {
        waiting = false;
        if (closed || document.visibilityState !== 'visible') return undefined;
        leading = true;
        void look();
        return new Promise<void>((resolve) => {
          letGo = () => {
            leading = false;
            letGo = null;
            resolve();
          };
        });
      });
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? lead() : letGo?.());
    const look = async () => {
      if (looking || closed) return;
      looking = true;
      try {
        const held = readReservation();
        if (held && held.expiresAtMs > Date.now()) setExpiredNumber(null);
        // Only the speaking tab takes a warning; it is visible (a hidden one lets go of the lock).
        const due = leading ? takeDueWarning() : null;
        if (due && !closed) {
          // The warnings' texts are in the `messages` section, which not every page loads.
          await ensureLanguage(lang, ['messages']);
          showToast(t(WARNING_MESSAGE_KEY[due.warning]), due.warning === 'expired' ? 'error' : 'warning');
          if (due.warning === 'expired') setExpiredNumber(due.record.formatted);
        }
      } finally {
        looking = false;
      }
      watch();
    };
    // A new booking, or one ended, in this tab or another: the clock starts or stops; the warnings
    // themselves are taken on this tab's own ticks.
    const watch = () => {
      const watching = !closed && readRecord() !== null;
      if (watching && !stopClock) stopClock = subscribeClock(() => void look());
      if (!watching && stopClock) {
        stopClock();
        stopClock = null;
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    lead();
    const cancelFirst = whenIdle(() => void look(), 1000);
    const stopTokens = subscribeTokens(() => {
      // A booking stored in this tab starts its record here (the clock then watches it).
      if (readReservation() && !readRecord()) void look();
      watch();
    });
    return () => {
      closed = true;
      letGo?.();
      document.removeEventListener('visibilitychange', onVisibility);
      cancelFirst();
      stopTokens();
      stopClock?.();
    };
  }, [t, lang]);
  return null;
}
