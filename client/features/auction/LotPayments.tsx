import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useLocation, useNavigate } from 'react-router';
import type { ShownLot } from '../../api/auctions';
import { href } from '../../../shared/paths';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { carriedQuery } from '../purchase/purchase-draft';
import { formatTashkentTime } from '../purchase/time-format';
import type { AuctionAction } from './actions';

/**
 * The visitor's payments on a lot (bid-rules.ts, rules 1, 7 and 8): why they are barred, the
 * deposit step of a premium lot ("Pay the deposit to bid", then the sandbox payment, then back to
 * the lot), and buy-now, which starts a payment with its window and ends the lot only once paid.
 */
export function LotPayments({ lot }: { lot: ShownLot }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const paying = useFetcher<AuctionAction>();
  const booking = useFetcher<AuctionAction>();
  const done = paying.state === 'idle' ? paying.data : undefined;
  const failed = done?.intent === 'lot-payment' && !done.ok ? (done.message ?? t('auction.buyNowFailed')) : null;
  const booked = booking.state === 'idle' && booking.data?.intent === 'buy-lot' ? booking.data : undefined;
  const numbersPage = href('numbers', lang, {}, carriedQuery(new URLSearchParams(search)));
  useEffect(() => {
    if (booked?.ok) navigate(numbersPage);
  }, [booked, navigate, numbersPage]);

  // The payment comes back to this very lot page (its query names the lot).
  const returnPath = `${pathname}${search.replace(/([?&])(payment|order)=[^&]*/g, '$1').replace(/[?&]+$/, '')}`;
  const pay = (kind: 'buy-now' | 'deposit') =>
    void paying.submit(
      { intent: 'lot-payment', kind, lotId: lot.id, returnPath, lang },
      { method: 'post', defaultShouldRevalidate: false },
    );
  const busy = paying.state !== 'idle' || done?.ok === true;
  const buyNow = lot.myBuyNow ?? null;
  const deposit = lot.myDeposit ?? null;
  const running = lot.status === 'active';

  if (buyNow?.status === 'paid') {
    return (
      <div className="notice lot-payments">
        <p role="status">{t('auction.buyNowPaid', { amount: formatUzs(buyNow.amount, lang) })}</p>
        <button
          type="button"
          className="button button--primary"
          disabled={booking.state !== 'idle' || booked?.ok === true}
          onClick={() => void booking.submit({ intent: 'buy-lot', lotId: lot.id }, { method: 'post', defaultShouldRevalidate: false })}
        >
          {t('auction.buy')}
        </button>
        <p className="field-error" role="alert">
          {booked && !booked.ok ? (booked.message ?? t('auction.buyFailed')) : ''}
        </p>
      </div>
    );
  }
  if (lot.myBannedUntil) {
    return (
      <p className="notice notice--warning lot-payments" role="alert">
        {t('auction.banned', { time: formatTashkentTime(lot.myBannedUntil) })}
      </p>
    );
  }
  const depositLine = depositText(lot, t, lang);
  return (
    <div className="lot-payments">
      {lot.depositAmount !== null && running && deposit?.status !== 'held' ? (
        <section aria-labelledby="lot-deposit-title">
          <h4 id="lot-deposit-title">{t('auction.depositTitle')}</h4>
          <p>{t('auction.depositText', { amount: formatUzs(lot.depositAmount, lang) })}</p>
          {deposit?.status === 'pending' ? (
            <p role="status">{t('auction.depositPending', { time: formatTashkentTime(deposit.expiresAt) })}</p>
          ) : null}
          <button type="button" className="button button--primary" disabled={busy} onClick={() => pay('deposit')}>
            {t('auction.depositPay', { amount: formatUzs(lot.depositAmount, lang) })}
          </button>
        </section>
      ) : depositLine ? (
        <p className="notice" role="status">
          {depositLine}
        </p>
      ) : null}
      {running && lot.buyNowPrice !== null ? (
        <>
          {buyNow?.status === 'pending' ? (
            <p role="status">
              {t('auction.buyNowPending', { amount: formatUzs(buyNow.amount, lang), time: formatTashkentTime(buyNow.expiresAt) })}
            </p>
          ) : buyNow?.status === 'cancelled' || buyNow?.status === 'lapsed' ? (
            <p role="status">{t(buyNow.status === 'cancelled' ? 'auction.buyNowCancelled' : 'auction.buyNowLapsed')}</p>
          ) : null}
          <button type="button" className="button" disabled={busy} onClick={() => pay('buy-now')}>
            {buyNow?.status === 'pending'
              ? t('auction.buyNowContinue')
              : t('auction.buyNowFor', { amount: formatUzs(lot.buyNowPrice, lang) })}
          </button>
        </>
      ) : null}
      <p className="field-error" role="alert">
        {failed ?? ''}
      </p>
    </div>
  );
}

/** Where the visitor's deposit stands once it is paid: held, returned or kept; nothing before. */
function depositText(lot: ShownLot, t: (key: string, options?: Record<string, unknown>) => string, lang: Parameters<typeof formatUzs>[1]) {
  const deposit = lot.myDeposit;
  if (!deposit) return null;
  const amount = formatUzs(deposit.amount, lang);
  if (deposit.status === 'held') return t('auction.depositHeld', { amount });
  if (deposit.status === 'returned') return t('auction.depositReturned', { amount });
  if (deposit.status === 'kept') return t('auction.depositKept', { amount });
  return null;
}
