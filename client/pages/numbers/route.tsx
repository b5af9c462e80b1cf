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
import { numbersLoader, type LotData, type SearchData, type SearchView } from './loader';
import { NumberFiltersForm } from './NumberFiltersForm';
import { NumberResults } from './NumberResults';
import { ReservationPanel } from './ReservationPanel';
import { useNumberChoice } from './use-number-choice';
import type { BookingState } from '../../features/purchase/use-booking-watcher';

export const loader = numbersLoader;
export { action } from './actions';

export function Component() {
  const data = useLoaderData() as SearchData | LotData;
  const booking = useBookingWatcher();
  const canonical = data.kind === 'search' ? { category: data.filters.category || undefined, page: data.filters.page > 1 ? data.filters.page : undefined } : { lot: data.lotId };
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
  const { pathname, search } = useLocation();
  if (!data.lot) {
    return (
      <div className="notice notice--warning" role="status">
        <p>{data.failed ? t('auction.lotFailed') : t('auction.notFound')}</p>
        <p className="button-row">
          {data.failed ? (
            <a className="button" href={`${pathname}${search}`}>
              {t('actions.retry')}
            </a>
          ) : null}
          <a className="button" href={pathname}>
            {t('auction.back')}
          </a>
        </p>
      </div>
    );
  }
  return <AuctionLotView key={data.lot.id} initial={data.lot} />;
}

function StreamedSearch({ data, booking }: { data: SearchData; booking: BookingState }) {
  const { t } = useTranslation();
  const { kind, filters, auctions } = data;
  return (
    <StreamedPart value={data.results} failure={t('numbers.results.failed')}>
      {(results) => <SearchPage data={{ ...results, kind, filters, auctions }} booking={booking} />}
    </StreamedPart>
  );
}

function SearchPage({ data, booking }: { data: SearchView; booking: BookingState }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
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
            <NumberResults numbers={data.numbers} filters={data.filters} categories={data.categories} held={booking.reservation} choice={choice} hydrated={hydrated} />
          ) : (
            <div className="notice notice--warning" role="status">
              <p>{data.searchError ?? t('numbers.results.failed')}</p>
              {data.searchError ? null : (
                <p>
                  <a className="button" href={`${pathname}${search}`}>
                    {t('actions.retry')}
                  </a>
                </p>
              )}
            </div>
          )}
          <AuctionSection lots={data.auctions} />
        </div>
      </div>
    </>
  );
}
