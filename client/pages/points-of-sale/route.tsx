import { isHttpError } from '../../../shared/http-error';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useLoaderData } from 'react-router';
import type { PointOfSaleList } from '../../../shared/api-types';
import { href } from '../../../shared/paths';
import { apiClient } from '../../api-client';
import { PageIntro } from '../../components/PageIntro';
import { StreamedPart } from '../../components/StreamedPart';
import { awaitBriefly } from '../../deferred';
import { useLanguage } from '../../components/use-language';
import { LoadError } from '../../components/LoadError';
import { NearestButton } from '../../features/points-of-sale/NearestButton';
import { parsePointFilters, pointQuery, type PointFilters } from '../../features/points-of-sale/point-query';
import { PointsMap } from '../../features/points-of-sale/PointsMap';
import { FilterForm } from './FilterForm';
import { PointList } from './PointList';

export type PointsOfSaleData = { status: 'ok'; filters: PointFilters; list: PointOfSaleList } | { status: 'error'; filters: PointFilters };

interface PointsOfSaleLoaderData {
  /** Streamed after the page's heading when the API is slow. */
  result: PointsOfSaleData | Promise<PointsOfSaleData>;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<PointsOfSaleLoaderData> {
  return { result: (await awaitBriefly(context, loadPoints(request, context))).value };
}

async function loadPoints(request: Request, context: unknown): Promise<PointsOfSaleData> {
  const filters = parsePointFilters(new URL(request.url).searchParams);
  const http = apiClient(context);
  const fetchList = async (f: PointFilters) => (await http.get<PointOfSaleList>('/points-of-sale', { params: pointQuery(f) })).data;
  try {
    try {
      return { status: 'ok', filters, list: await fetchList(filters) };
    } catch (error) {
      // A city the API does not know (an old or typed link) is ignored like any bad query input.
      if (!(isHttpError(error) && error.response?.status === 400 && filters.city)) throw error;
      const withoutCity = { ...filters, city: null };
      return { status: 'ok', filters: withoutCity, list: await fetchList(withoutCity) };
    }
  } catch {
    return { status: 'error', filters };
  }
}

export function Component() {
  const { result } = useLoaderData() as PointsOfSaleLoaderData;
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
      {data.status === 'error' ? (
        <LoadError message={t('pointsOfSale.loadError')} />
      ) : (
        <>
          <div className="pos-toolbar">
            <FilterForm filters={filters} cities={data.list.cities} />
            <NearestButton filters={filters} />
          </div>
          <div className="pos-layout">
            <div className="pos-layout__list">
              <h2 className="pos-layout__heading">
                {t('pointsOfSale.found', { number: data.list.items.length })}
              </h2>
              {origin ? (
                <p className="pos-sorted">
                  {t('pointsOfSale.nearest.sorted')}{' '}
                  <Link to={href('pointsOfSale', lang, {}, { city: filters.city, service: filters.service })} preventScrollReset>{t('pointsOfSale.nearest.clear')}</Link>
                </p>
              ) : null}
              <PointList points={data.list.items} />
            </div>
            <div className="pos-layout__map">
              <PointsMap points={data.list.items} origin={origin} />
            </div>
          </div>
        </>
      )}
    </>
  );
}
