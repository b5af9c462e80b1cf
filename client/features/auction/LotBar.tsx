import { useTranslation } from 'react-i18next';
import type { ShownLot } from '../../api/auctions';
import { useLanguage } from '../../components/use-language';
import { formatUzs } from '../../format';
import { LotTimeLeft } from './LotTimeLeft';
import type { LotClock } from './use-auction-lot';

/** The id of the lot page's bidding section, where the bar's button leads. */
export const LOT_ACTION_ID = 'lot-action';

/**
 * The bar that stays at the bottom of the screen while a lot takes bids: its price, its time left
 * and a button to bid, however far the visitor has scrolled. The button brings the bidding section
 * into view and puts the focus in its first field (the bid, the maximum, or the phone to confirm
 * first) or on its main button (a deposit to pay), where the form's own checks and review apply. The time left is the page's `timer` once,
 * in the lot's facts: here it is plain text, not a second live region.
 */
export function LotBar({ lot, clock }: { lot: ShownLot; clock: LotClock }) {
  const { t } = useTranslation();
  const lang = useLanguage();

  function goToForm() {
    const section = document.getElementById(LOT_ACTION_ID);
    if (!section) return;
    // The first field to fill (a bid, a maximum, the phone), else the first thing to do (a deposit to pay).
    const field =
      section.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled])') ??
      section.querySelector<HTMLElement>('.button--primary:not([disabled])');
    (field ?? section).scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  }

  return (
    <section className="lot-bar" aria-label={t('auction.bar.label')}>
      <p className="lot-bar__fact">
        <span className="lot-bar__term">{lot.currentBid === null ? t('auction.startPrice') : t('auction.currentBid')}</span>{' '}
        <strong className="lot-bar__price">{formatUzs(lot.currentBid ?? lot.startPrice, lang)}</strong>
      </p>
      <p className="lot-bar__fact">
        <span className="lot-bar__term">{t('auction.timeLeft')}</span>{' '}
        <strong>
          <LotTimeLeft clock={clock} />
        </strong>
      </p>
      <button type="button" className="button button--primary lot-bar__go" onClick={goToForm}>
        {t('auction.bar.go')}
      </button>
    </section>
  );
}
