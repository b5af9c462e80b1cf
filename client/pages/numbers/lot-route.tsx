import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ShownLotDetail } from '../../api/auctions';
import { StreamedPart } from '../../components/StreamedPart';
import { AuctionLotView } from '../../features/auction/AuctionLotView';
import type { LotData } from './lot-loader';

/**
 * The auction lot's page, /numbers?lot=<id>: its own loader (lot-loader.ts) and component; the
 * numbers route hands over to it when the URL names a lot (route.tsx).
 */
export { lotLoader as loader } from './lot-loader';

/** The canonical URL's query: the lot. */
export const canonicalQuery = (data: LotData) => ({ lot: data.lotId });

export function LotPage({ data }: { data: LotData }) {
  const { t } = useTranslation();
  return (
    <StreamedPart value={data.lot} failure={t('auction.lotFailed')}>
      {(lot) => <LotView lot={lot} />}
    </StreamedPart>
  );
}

function LotView({ lot }: { lot: ShownLotDetail | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (lot) return <AuctionLotView key={lot.id} initial={lot} />;
  return (
    <div className="notice notice--warning" role="status">
      <p>{t('auction.notFound')}</p>
      <p className="button-row">
        <a className="button" href={pathname}>
          {t('auction.back')}
        </a>
      </p>
    </div>
  );
}
