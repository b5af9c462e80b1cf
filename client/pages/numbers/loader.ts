import type { LoaderFunctionArgs } from 'react-router';
import type { AuctionLotDetail, NumberCategory, NumberList, ReadyTariff, SimType } from '../../../shared/api-types';
import { isHttpError } from '../../../shared/http-error';
import { fetchAuctionLot, fetchAuctions } from '../../api/auctions';
import { fetchNumberCategories, searchNumbers } from '../../api/numbers';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { fetchSimTypes } from '../../api/sim-types';
import { fetchTariffs } from '../../api/tariffs';
import { optionalData } from '../../deferred';
import { apiErrorOf } from '../../features/purchase/api-error';
import { pointChoices, type PointChoice } from '../../features/purchase/PointOptions';
import { apiSearch, filtersFromQuery, type NumberFilters } from './search-query';

/** What the options form needs once a number is held: SIM types, pickup points, ready tariffs. */
export interface PurchaseCatalogue {
  simTypes: SimType[];
  pickupPoints: PointChoice[];
  tariffs: ReadyTariff[];
}

export interface SearchResults extends PurchaseCatalogue {
  /** null: the API refused the search; `searchError` says why (e.g. a bad mask). */
  numbers: NumberList | null;
  searchError: string | null;
  categories: NumberCategory[];
}

const LOT_ID = /^[a-z0-9-]{1,40}$/i;

/** A search the API refuses (400: a bad mask) is an answer for the visitor, not a failure. */
async function search(context: unknown, filters: NumberFilters): Promise<Pick<SearchResults, 'numbers' | 'searchError'>> {
  try {
    return { numbers: await searchNumbers(context, apiSearch(filters)), searchError: null };
  } catch (error) {
    const refusal = isHttpError(error) && error.response?.status === 400 ? apiErrorOf(error)?.message : undefined;
    if (refusal === undefined) throw error;
    return { numbers: null, searchError: refusal };
  }
}

async function searchResults(context: unknown, filters: NumberFilters): Promise<SearchResults> {
  const [found, categories, simTypes, pickupPoints, tariffs] = await Promise.all([
    search(context, filters),
    fetchNumberCategories(context),
    fetchSimTypes(context),
    fetchPointsOfSale(context, { service: 'sim' }).then((list) => pointChoices(list.items)),
    fetchTariffs(context),
  ]);
  return { ...found, categories, simTypes, pickupPoints, tariffs };
}

/** The lot, or null when there is no such lot (an unknown or malformed id). */
async function findLot(context: unknown, lotId: string): Promise<AuctionLotDetail | null> {
  if (!LOT_ID.test(lotId)) return null;
  try {
    return await fetchAuctionLot(context, lotId);
  } catch (error) {
    if (isHttpError(error) && error.response?.status === 404) return null;
    throw error;
  }
}

/**
 * The first page of results is rendered on the server from the query (the filters are a GET
 * form), so the page works before and without JavaScript. Nothing here throws: a refused search
 * is a message on the page, a failed call its part's error state (with Retry), with status 200.
 */
export async function numbersLoader({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const lotId = query.get('lot');
  if (lotId !== null) return { kind: 'lot' as const, lotId, ...(await optionalData(context, { lot: findLot(context, lotId) })) };
  const filters = filtersFromQuery(query);
  // Results are streamed after the page's heading when the API is slow; active lots too.
  const parts = await optionalData(context, { results: searchResults(context, filters), auctions: fetchAuctions(context, 'active') });
  return { kind: 'search' as const, filters, ...parts };
}

export type NumbersData = Awaited<ReturnType<typeof numbersLoader>>;
export type SearchData = Extract<NumbersData, { kind: 'search' }>;
export type LotData = Extract<NumbersData, { kind: 'lot' }>;
/** The search page as it renders once its results are there. */
export type SearchView = Omit<SearchData, 'results' | 'auctions'> & SearchResults;
