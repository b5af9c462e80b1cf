import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../../components/Link';
import type { AuctionLot } from '../../../../shared/api-types';
import { href } from '../../../../shared/paths';
import { LoadError } from '../../../components/LoadError';
import { useLanguage } from '../../../components/use-language';
import { Deferred, type Optional } from '../../../framework/deferred';
import { formatUzs } from '../../../format';
import { carriedQuery } from '../../../features/purchase/purchase-draft';
import { formatDuration, formatTashkentTime } from '../../../features/purchase/time-format';
import { followLotEvents, withLatestLots } from './lot-events';

/**
 * The listed lots with each one's current bid kept live by the stream of every lot's bids (opened
 * once the browser is idle after hydration). The stream's snapshot brings in the bids placed
 * between the server's render and the stream's opening; each bid after it comes as an event.
 */
function useLiveLots(initial: AuctionLot[]): AuctionLot[] {
  const [lots, setLots] = useState(initial);
  useEffect(
    () =>
      followLotEvents('/auctions/events', {
        snapshot: (data) => 'items' in data && setLots((current) => withLatestLots(current, data.items)),
        bid: ({ lot }) => setLots((current) => withLatestLots(current, [lot])),
        // Refused: the list keeps the prices it was rendered with, as before streams existed.
      }),
    [],
  );
  return lots;
}

/** Active lots: current bid and time left by the server's clock, each with the way to its auction. */
export function AuctionSection({ lots }: { lots: Optional<AuctionLot[]> }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const carried = carriedQuery(new URLSearchParams(search));
  return (
    <section className="auction-section" aria-labelledby="auction-section-title">
      <h2 id="auction-section-title">{t('auction.title')}</h2>
      <p className="auction-section__intro">{t('auction.intro')}</p>
      <Deferred
        value={lots}
        fallback={<p className="loading">{t('purchase.loading')}</p>}
        error={<LoadError message={t('auction.listFailed')} role="status" />}
      >
        {(items) => (items.length === 0 ? <p className="empty-state">{t('auction.none')}</p> : <LotGrid items={items} carried={carried} />)}
      </Deferred>
    </section>
  );
}

function LotGrid({ items, carried }: { items: AuctionLot[]; carried: Record<string, string> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const lots = useLiveLots(items);
  return (
    <ul className="lot-grid">
      {lots.map((lot) => (
        <li key={lot.id} className="lot-card">
          <span className="badge badge--auction">{t('auction.badge')}</span>
          <span className="lot-card__number phone-number">{lot.formatted}</span>
          <dl className="lot-card__facts">
            <div>
              <dt>{lot.currentBid === null ? t('auction.startPrice') : t('auction.currentBid')}</dt>
              <dd>{formatUzs(lot.currentBid ?? lot.startPrice, lang)}</dd>
            </div>
            <div>
              <dt>{t('auction.timeLeft')}</dt>
              <dd>
                <time dateTime={lot.endsAt} title={formatTashkentTime(lot.endsAt)}>
                  {formatDuration(Date.parse(lot.endsAt) - Date.parse(lot.serverTime), t)}
                </time>
              </dd>
            </div>
          </dl>
          <Link className="button button--small" to={href('numbers', lang, {}, { ...carried, lot: lot.id })}>
            {t('auction.goToLot')}
            <span className="visually-hidden"> {lot.formatted}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
