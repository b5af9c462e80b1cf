import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../components/use-language';
import { ensureLanguage } from '../../framework/language-loader';
import { whenIdle } from '../../framework/tasks';
import { showToast } from '../../platform/toast';
import { subscribeBooking, takeBookingWarning } from './booking-store';
import { WARNING_MESSAGE_KEY } from './booking-warnings';

/**
 * Says the booking's warnings (spec sections 4 and 9: 5 minutes and 1 minute before the end, and
 * "expired" at the end, after which the booking is let go) on every page of the site, each once
 * for the booking across pages, reloads and tabs (booking-record.ts; one visible tab speaks), even
 * when a request elsewhere has already removed the expired token. Mounted once, in the document
 * (client/app/document.tsx): the web-view page /oqDay has the document's toasts too, so it warns
 * as well. It looks at each change of the booking's store (booking-store.ts), which ticks only
 * while a booking is held.
 */
export function BookingAnnouncer() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useEffect(() => {
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
    // Taking a warning marks it said at once (synchronously), so looks that overlap while one
    // waits for the texts never take the same warning twice.
    const look = async () => {
      // Only the speaking tab takes a warning; it is visible (a hidden one lets go of the lock).
      const due = !closed && leading ? takeBookingWarning() : null;
      if (!due) return;
      // The warnings' texts are in the `messages` section, which not every page loads.
      await ensureLanguage(lang, ['messages']);
      showToast(t(WARNING_MESSAGE_KEY[due]), due === 'expired' ? 'error' : 'warning');
    };
    document.addEventListener('visibilitychange', onVisibility);
    lead();
    const cancelFirst = whenIdle(() => void look(), 1000);
    const stopBooking = subscribeBooking(() => void look());
    return () => {
      closed = true;
      letGo?.();
      document.removeEventListener('visibilitychange', onVisibility);
      cancelFirst();
      stopBooking();
    };
  }, [t, lang]);
  return null;
}
