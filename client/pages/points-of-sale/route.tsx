import { failureStatus } from '../../../shared/api-failure';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import type { PointOfSaleList } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { optionalData } from '../../framework/deferred';
import { useLanguage } from '../../components/use-language';
import { NearestButton } from '../../features/points-of-sale/NearestButton';
import { parsePointFilters, pointQuery, type PointFilters } from '../../features/points-of-sale/point-query';
import { PointsMap } from '../../features/points-of-sale/PointsMap';
import { FilterForm } from './FilterForm';
import { PointList } from './PointList';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import './points-of-sale.css';

export interface PointsOfSaleData {
  filters: PointFilters;
  list: PointOfSaleList;
}

/** The offices that match the query, streamed after the page's heading when the API is slow. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return optionalData(context, { result: loadPoints(parsePointFilters(new URL(request.url).searchParams), context) });
}

async function loadPoints(filters: PointFilters, context: LoaderFunctionArgs['context']): Promise<PointsOfSaleData> {
  try {
    return { filters, list: await fetchPointsOfSale(context, pointQuery(filters)) };
  } catch (error) {
    // A city the API does not know (an old or typed link) is ignored like any bad query input.
    if (!(failureStatus(error) === 400 && filters.city)) throw error;
    const withoutCity = { ...filters, city: null };
    return { filters: withoutCity, list: await fetchPointsOfSale(context, pointQuery(withoutCity)) };
  }
}

export function Component() {
  const { result } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="container page page--points-of-sale">
      <PageIntro page="pointsOfSale" />
      <StreamedPart value={result} failure={t('pointsOfSale.loadError')}>
        {(data) => <PointsOfSale data={data} />}
      </StreamedPart>
    </div>
  );
}

function PointsOfSale({ data }: { data: PointsOfSaleData }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { filters } = data;
  const origin = filters.lat !== null && filters.lon !== null ? { lat: filters.lat, lon: filters.lon } : null;
  return (
    <>
      <div className="pos-toolbar">
        <FilterForm filters={filters} cities={data.list.cities} />
        <NearestButton filters={filters} />
      </div>
      <div className="pos-layout">
        {/* The list is named by its heading (a list takes no name of its own: aria-label-misuse). */}
        <section className="pos-layout__list" aria-labelledby="pos-list-title">
          <h2 id="pos-list-title" className="pos-layout__heading">
            {t('pointsOfSale.found', { number: data.list.items.length })}
          </h2>
          {origin ? (
            <p className="pos-sorted">
              {t('pointsOfSale.nearest.sorted')}{' '}
              <Link to={href('pointsOfSale', lang, {}, { city: filters.city, service: filters.service })} preventScrollReset>
                {t('pointsOfSale.nearest.clear')}
              </Link>
            </p>
          ) : null}
          {/* The list and the map are each hydrated on their own (issue 35). */}
          <HydrationBoundary>
            <PointList points={data.list.items} />
          </HydrationBoundary>
        </section>
        <div className="pos-layout__map">
          <HydrationBoundary>
            <PointsMap points={data.list.items} origin={origin} />
          </HydrationBoundary>
        </div>
      </div>
    </>
  );
}
