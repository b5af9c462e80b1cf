import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '../../components/Link';
import type { AuctionLot } from '../../../shared/api-types';
import { fetchActiveLots, type ShownLot } from '../../api/auctions';
import { href } from '../../../shared/paths';
import { LoadError } from '../../components/LoadError';
import { useLanguage } from '../../components/use-language';
import { Deferred, type Optional } from '../../framework/deferred';
import { formatUzs } from '../../format';
import { carriedQuery } from '../purchase/purchase-draft';
import { followLotEvents, withLatestLots } from './lot-events';
import { LotTimeLeft } from './LotTimeLeft';
import { msLeft } from './use-auction-lot';
import '../number-search/search.css';
import './auction.css';

/**
 * The listed lots with each one's current bid kept live by the stream of every lot's bids (opened
 * once the browser is idle after hydration), or by polling the list without it (refused, or no
 * first answer: lot-events.ts). The stream's snapshot brings in the bids placed between the
 * server's render and the stream's opening; each bid after it comes as an event. Each of its
 * answers also gives the server's clock (`serverTime`, fresh: never the render's), so the
 * countdowns count by it: `offset` is the server's clock minus the device's, null until then.
 */
function useLiveLots(initial: ShownLot[]): { lots: ShownLot[]; offset: RefObject<number | null> } {
  const [lots, setLots] = useState(initial);
  const offset = useRef<number | null>(null);
  useEffect(() => {
    const latest = (fresh: AuctionLot[]) => {
      if (fresh[0]) offset.current = Date.parse(fresh[0].serverTime) - Date.now();
      setLots((current) => withLatestLots(current, fresh));
    };
    return followLotEvents('/auctions/events', {
      snapshot: (data) => 'items' in data && latest(data.items),
      bid: ({ lot }) => latest([lot]),
      // A failed read keeps what the list shows (the shared client has told the visitor).
      poll: () => void fetchActiveLots().then(latest, () => {}),
    });
  }, []);
  return { lots, offset };
}

/** Active lots: current bid and time left by the server's clock, each with the way to its auction. */
export function AuctionSection({ lots }: { lots: Optional<ShownLot[]> }) {
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

function LotGrid({ items, carried }: { items: ShownLot[]; carried: Record<string, string> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { lots, offset } = useLiveLots(items);
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
                <LotTimeLeft clock={{ endsAt: lot.endsAt, read: () => msLeft(lot.endsAt, offset.current) }} />
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
