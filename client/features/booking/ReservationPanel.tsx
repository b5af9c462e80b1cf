import { forwardRef, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation } from 'react-router';
import { useRuntime } from '../../framework/runtime';
import { formatUzPhone } from '../../../shared/validation';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { BookingCountdown } from './BookingSummary';
import type { BookingState } from './use-booking';
import type { PurchaseCatalogue } from '../purchase-options/catalogue';
import type { BookingAction } from './actions';
import type { loader as bookingLoader } from './booking';
import { bookingPath } from './booking-path';
import { adoptHandoff } from './booking-handoff';
import { PurchaseOptionsForm } from '../purchase-options/PurchaseOptionsForm';
import './booking.css';

/**
 * The visitor's booking on /numbers: the number, its price, the countdown, cancel, and the
 * SIM type and tariff to continue with. Rendered only in the browser (the token is there).
 */
export const ReservationPanel = forwardRef<HTMLHeadingElement, { booking: BookingState; catalogue: PurchaseCatalogue }>(
  function ReservationPanel({ booking, catalogue }, headingRef) {
    const { t } = useTranslation();
    const lang = useLanguage();
    const { reservation, expiredNumber } = booking;
    // Cancelling is the page's action (actions.ts): busy and the outcome are the fetcher's.
    const cancelling = useFetcher<BookingAction>();
    const busy = cancelling.state !== 'idle';
    const cancelled = cancelling.data?.intent === 'cancel-reservation' && cancelling.data.ok ? cancelling.data : null;
    const message = cancelled ? t('numbers.reservation.cancelled', { number: cancelled.number }) : null;
    const token = reservation?.token ?? null;
    // Once hydrated: a booking the server made before the scripts ran (its handoff cookie) is taken in.
    useEffect(() => void adoptHandoff(), []);

    // The token knows the number and the end; the price and whether an order exists are the
    // server's: read by the booking route's loader (booking.ts) through a fetcher, again for each
    // new booking. Details of an earlier booking are never shown for this one.
    const reading = useFetcher<typeof bookingLoader>();
    const load = reading.load;
    useEffect(() => {
      if (token) void load(bookingPath(lang));
    }, [token, lang, load]);
    const details = reading.data && reading.data.number === reservation?.number ? reading.data : null;

    function cancel() {
      if (!reservation) return;
      void cancelling.submit(
        { intent: 'cancel-reservation', number: reservation.formatted },
        { method: 'post', defaultShouldRevalidate: false },
      );
    }

    if (!reservation) {
      return (
        <div className="reservation-status" role="status">
          {expiredNumber ? (
            <div className="notice notice--warning">
              <p>{t('messages.bookingExpired')}</p>
              <p className="notice__detail">{t('numbers.reservation.released', { number: expiredNumber })}</p>
            </div>
          ) : message ? (
            <p className="notice">{message}</p>
          ) : (
            <ServerChoiceNotice />
          )}
        </div>
      );
    }

    return (
      <section className="reservation-panel card" aria-labelledby="reservation-title">
        <div className="reservation-panel__head">
          <h2 id="reservation-title" ref={headingRef} tabIndex={-1}>
            {t('numbers.reservation.title')}
          </h2>
          <p className="reservation-panel__number">
            <strong className="phone-number">{reservation.formatted}</strong>
            {details ? (
              <span className="reservation-panel__price">
                {details.price === 0 ? <span className="badge badge--free">{t('numbers.free')}</span> : formatUzs(details.price, lang)}
              </span>
            ) : null}
          </p>
          <BookingCountdown />
          <p className="reservation-panel__hint">{t('numbers.reservation.replaceHint')}</p>
          <button type="button" className="button button--small button--danger" onClick={cancel} disabled={busy}>
            {t('numbers.reservation.cancel')}
          </button>
        </div>
        <PurchaseOptionsForm catalogue={catalogue} />
      </section>
    );
  },
);

/**
 * What the server said of a number chosen before the scripts ran (server/site/http/number-choice.ts):
 * reserved (until the page's scripts take the booking in, and then the panel shows it), or why
 * not. Said on the page the server answered with, not after the visitor has moved on.
 */
function ServerChoiceNotice() {
  const { t } = useTranslation();
  const { choice } = useRuntime();
  const { key } = useLocation();
  if (!choice || key !== 'default') return null;
  const number = formatUzPhone(choice.number);
  if (choice.ok) return <p className="notice notice--success">{t('numbers.choice.reserved', { number })}</p>;
  return (
    <p className="notice notice--warning">
      {choice.taken ? t('numbers.choice.taken', { number }) : (choice.message ?? t('numbers.choice.failed'))}
    </p>
  );
}
