import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import { StreamedPart } from '../../components/StreamedPart';
import { useHydrated } from '../../components/use-hydrated';
import type { BookingState } from '../../features/booking/use-booking';
import { AuctionSection } from '../../features/auction/AuctionSection';
import { ReservationPanel } from '../../features/booking/ReservationPanel';
import { WatchesSection } from '../../features/watches/WatchesSection';
import { DeepPageNotice } from '../../features/number-search/DeepPageNotice';
import type { SearchData, SearchView } from './search-loader';
import { AuctionsLink } from '../../features/number-search/AuctionsLink';
import { FilterChips } from '../../features/number-search/FilterChips';
import { NumberFiltersForm } from '../../features/number-search/NumberFiltersForm';
import { NumberResults } from '../../features/number-search/NumberResults';
import { useNumberChoice } from '../../features/number-search/use-number-choice';
import '../../features/number-search/search.css';

/**
 * The number search, /numbers: its own loader (loader.ts) and component, with the visitor's
 * booking, the active lots and the watches around the results.
 */
export { searchLoader as loader } from './search-loader';

/** The canonical URL's query: the category and the page, the filters a search engine may list. */
export const canonicalQuery = (data: SearchData) => ({
  category: data.filters.category || undefined,
  page: data.filters.page > 1 ? data.filters.page : undefined,
});

export function SearchPage({ data, booking }: { data: SearchData; booking: BookingState }) {
  const { t } = useTranslation();
  const { kind, filters, auctions } = data;
  return (
    <>
      <StreamedPart value={data.results} failure={t('numbers.results.failed')}>
        {(results) => <SearchResultsView data={{ ...results, kind, filters }} booking={booking} auctions={auctions} />}
      </StreamedPart>
      {/* Outside the results: the lots are their own part, shown even when the search failed. */}
      <HydrationBoundary>
        <AuctionSection lots={auctions} />
      </HydrationBoundary>
    </>
  );
}

function SearchResultsView({ data, booking, auctions }: { data: SearchView; booking: BookingState; auctions: SearchData['auctions'] }) {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const panelHeading = useRef<HTMLHeadingElement>(null);
  // After a reservation the visitor continues in the panel: move there (it renders on the next commit).
  const choice = useNumberChoice(booking.reservation, () => setTimeout(() => panelHeading.current?.focus(), 0));
  return (
    <>
      <ReservationPanel ref={panelHeading} booking={booking} catalogue={data} />
      <div className="numbers-layout">
        <NumberFiltersForm key={search} filters={data.filters} categories={data.categories} aside={<AuctionsLink lots={auctions} />} />
        <div className="numbers-layout__main">
          <FilterChips filters={data.filters} categories={data.categories} tariffs={data.tariffs} />
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
