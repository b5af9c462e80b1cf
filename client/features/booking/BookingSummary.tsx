import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { carriedQuery } from '../purchase/purchase-draft';
import type { BookingState } from './use-booking';
import { formatCountdown, useSecondsLeft } from './use-reservation-countdown';

/** The held number and its visible countdown (role timer: read on demand, not every second). */
export function BookingCountdown({ expiresAtMs }: { expiresAtMs: number }) {
  const { t } = useTranslation();
  const seconds = useSecondsLeft(expiresAtMs);
  return (
    <p className="booking__timer">
      <span>{t('purchase.booking.timeLeft')}</span>{' '}
      <strong role="timer" aria-atomic="true" className={seconds <= 300 ? 'booking__time booking__time--urgent' : 'booking__time'}>
        {formatCountdown(seconds)}
      </strong>
    </p>
  );
}

/** The booking at the top of the later steps: the number, time left, or what happened to it. */
export function BookingSummary({ booking }: { booking: BookingState }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search } = useLocation();
  const { reservation, expiredNumber } = booking;
  if (reservation) {
    return (
      <section className="booking card" aria-label={t('purchase.booking.title')}>
        <p className="booking__number">
          {t('purchase.booking.heldNumber')} <strong className="phone-number">{reservation.formatted}</strong>
        </p>
        <BookingCountdown expiresAtMs={reservation.expiresAtMs} />
      </section>
    );
  }
  if (expiredNumber) {
    return (
      <section className="booking card booking--expired" aria-label={t('purchase.booking.title')}>
        <p>{t('messages.bookingExpired')}</p>
        <p>
          <Link className="button button--primary" to={href('numbers', lang, {}, carriedQuery(new URLSearchParams(search)))}>
            {t('purchase.booking.chooseAgain')}
          </Link>
        </p>
      </section>
    );
  }
  return null;
}
