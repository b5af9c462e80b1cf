import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { carriedQuery } from '../purchase/purchase-draft';
import { FIVE_MINUTES_S } from './booking-warnings';
import { useBookingSecondsLeft, type BookingState } from './use-booking';

/** 5:07, or 1:02:09 for holds longer than an hour (auction winners get hours). */
function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * The booking's visible countdown (role timer: read on demand, not every second), urgent from the
 * first warning on. The one element that renders on every tick.
 */
export function BookingCountdown() {
  const { t } = useTranslation();
  const seconds = useBookingSecondsLeft();
  return (
    <p className="booking__timer">
      <span>{t('purchase.booking.timeLeft')}</span>{' '}
      <strong
        role="timer"
        aria-atomic="true"
        className={seconds <= FIVE_MINUTES_S ? 'booking__time booking__time--urgent' : 'booking__time'}
      >
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
        <BookingCountdown />
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
