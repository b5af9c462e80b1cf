import type { LoaderFunctionArgs } from 'react-router';
import type {
  AuctionLot,
  AuctionLotDetail,
  AuctionLotList,
  CategoryList,
  NumberCategory,
  NumberList,
  PointOfSale,
  PointOfSaleList,
  ReadyTariff,
  SimType,
  SimTypeList,
  TariffList,
} from '../../../shared/api-types';
import { apiClient } from '../../api-client';
import { awaitBriefly, deferred } from '../../deferred';
import { apiErrorOf } from '../../features/purchase/api-error';
import { apiSearch, filtersFromQuery, type NumberFilters } from './search-query';

/** What the options form needs once a number is held: SIM types, pickup points, ready tariffs. */
export interface PurchaseCatalogue {
  simTypes: SimType[] | null;
  pickupPoints: PointOfSale[] | null;
  tariffs: ReadyTariff[] | null;
}

export interface SearchResults extends PurchaseCatalogue {
  /** null: the search failed; `searchError` then says why when the API did (e.g. a bad mask). */
  numbers: NumberList | null;
  searchError: string | null;
  categories: NumberCategory[] | null;
}

export interface SearchData {
  kind: 'search';
  filters: NumberFilters;
  /** Streamed after the page's heading when the API is slow (awaitBriefly). */
  results: SearchResults | Promise<SearchResults>;
  /** Active lots, streamed: the page does not wait for them. */
  auctions: Promise<AuctionLot[]>;
}

/** The search page as it renders once its results are there. */
export type SearchView = Omit<SearchData, 'results'> & SearchResults;

export interface LotData extends PurchaseCatalogue {
  kind: 'lot';
  lotId: string;
  /** null: no such lot (or the API is down: `failed`). */
  lot: AuctionLotDetail | null;
  failed: boolean;
}

export type NumbersData = SearchData | LotData;

const LOT_ID = /^[a-z0-9-]{1,40}$/i;

async function settle<T>(request: Promise<{ data: T }>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: (await request).data };
  } catch (error) {
    return { ok: false, error };
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { response?: { status?: number } } | null)?.response?.status;
}

/**
 * The first page of results is rendered on the server from the query (the filters are a GET
 * form), so the page works before and without JavaScript. Nothing here throws: a failed or
 * refused search becomes a message on the page, with status 200.
 */
export async function numbersLoader({ request, context }: LoaderFunctionArgs): Promise<NumbersData> {
  const api = apiClient(context);
  const search = new URL(request.url).searchParams;
  const catalogueRequests = [
    settle(api.get<SimTypeList>('/sim-types')),
    settle(api.get<PointOfSaleList>('/points-of-sale', { params: { service: 'sim' } })),
    settle(api.get<TariffList>('/tariffs')),
  ] as const;
  const lotId = search.get('lot');
  if (lotId !== null) {
    const valid = LOT_ID.test(lotId);
    const [lot, simTypes, points, tariffs] = await Promise.all([
      valid ? settle(api.get<AuctionLotDetail>(`/auctions/${encodeURIComponent(lotId)}`)) : Promise.resolve(null),
      ...catalogueRequests,
    ]);
    return {
      kind: 'lot',
      lotId,
      lot: lot?.ok ? lot.value : null,
      failed: lot !== null && !lot.ok && statusOf(lot.error) !== 404,
      simTypes: simTypes.ok ? simTypes.value.items : null,
      pickupPoints: points.ok ? points.value.items : null,
      tariffs: tariffs.ok ? tariffs.value.items : null,
    };
  }
  const filters = filtersFromQuery(search);
  const auctions = deferred(api.get<AuctionLotList>('/auctions', { params: { status: 'active' } }).then((r) => r.data.items));
  const results = Promise.all([
    settle(api.get<NumberList>('/numbers', { params: apiSearch(filters) })),
    settle(api.get<CategoryList>('/numbers/categories')),
    ...catalogueRequests,
  ]).then(([numbers, categories, simTypes, points, tariffs]): SearchResults => {
    const refused = !numbers.ok && statusOf(numbers.error) === 400 ? apiErrorOf(numbers.error)?.message ?? null : null;
    return {
      numbers: numbers.ok ? numbers.value : null,
      searchError: refused,
      categories: categories.ok ? categories.value.items : null,
      simTypes: simTypes.ok ? simTypes.value.items : null,
      pickupPoints: points.ok ? points.value.items : null,
      tariffs: tariffs.ok ? tariffs.value.items : null,
    };
  });
  return { kind: 'search', filters, results: (await awaitBriefly(context, results)).value, auctions };
}
