import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation } from 'react-router';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { PurchaseSteps } from '../../features/purchase/PurchaseSteps';
import { useBookingWatcher } from '../../features/purchase/use-booking-watcher';
import { useHydrated } from '../../components/use-hydrated';
import { AuctionLotView } from './AuctionLotView';
import { AuctionSection } from './AuctionSection';
import { DeepPageNotice } from './DeepPageNotice';
import { numbersLoader, type LotData, type SearchData, type SearchView } from './loader';
import type { AuctionLotDetail } from '../../../shared/api-types';
import { NumberFiltersForm } from './NumberFiltersForm';
import { NumberResults } from './NumberResults';
import { ReservationPanel } from './ReservationPanel';
import { useNumberChoice } from './use-number-choice';
import { WatchesSection } from './WatchesSection';
import type { BookingState } from '../../features/purchase/use-booking-watcher';
import { HydrationBoundary } from '../../components/HydrationBoundary';

export const loader = numbersLoader;
export { action } from './actions';

export function Component() {
  const data = useLoaderData<typeof loader>();
  const booking = useBookingWatcher();
  const canonical =
    data.kind === 'search'
      ? { category: data.filters.category || undefined, page: data.filters.page > 1 ? data.filters.page : undefined }
      : { lot: data.lotId };
  return (
    <div className="container page page--numbers purchase">
      <PageIntro page="numbers" canonicalQuery={canonical} />
      <PurchaseSteps current="number" />
      {data.kind === 'lot' ? <LotPage data={data} /> : <StreamedSearch data={data} booking={booking} />}
    </div>
  );
}

function LotPage({ data }: { data: LotData }) {
  const { t } = useTranslation();
  return (
    <StreamedPart value={data.lot} failure={t('auction.lotFailed')}>
      {(lot) => <LotView lot={lot} />}
    </StreamedPart>
  );
}

function LotView({ lot }: { lot: AuctionLotDetail | null }) {
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

function StreamedSearch({ data, booking }: { data: SearchData; booking: BookingState }) {
  const { t } = useTranslation();
  const { kind, filters, auctions } = data;
  return (
    <>
      <StreamedPart value={data.results} failure={t('numbers.results.failed')}>
        {(results) => <SearchPage data={{ ...results, kind, filters }} booking={booking} />}
      </StreamedPart>
      {/* Outside the results: the lots are their own part, shown even when the search failed. */}
      <HydrationBoundary>
        <AuctionSection lots={auctions} />
      </HydrationBoundary>
    </>
  );
}

function SearchPage({ data, booking }: { data: SearchView; booking: BookingState }) {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const panelHeading = useRef<HTMLHeadingElement>(null);
  // After a reservation the visitor continues in the panel: move there (it renders on the next commit).
  const choice = useNumberChoice(booking.reservation, () => setTimeout(() => panelHeading.current?.focus(), 0));
  return (
    <>
      <ReservationPanel ref={panelHeading} booking={booking} catalogue={data} />
      <div className="numbers-layout">
        <NumberFiltersForm key={search} filters={data.filters} categories={data.categories} />
        <div className="numbers-layout__main">
          {data.numbers ? (
            <NumberResults
              numbers={data.numbers}
              filters={data.filters}
              categories={data.categories}
              held={booking.reservation}
              choice={choice}
              hydrated={hydrated}
            />
          ) : data.refusal?.kind === 'tooDeep' ? (
            <DeepPageNotice filters={data.filters} />
          ) : (
            <div className="notice notice--warning" role="status">
              <p>{data.refusal?.message}</p>
            </div>
          )}
          <HydrationBoundary>
            <WatchesSection filters={data.filters} categories={data.categories} />
          </HydrationBoundary>
        </div>
      </div>
    </>
  );
}
