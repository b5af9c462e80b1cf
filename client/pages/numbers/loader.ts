import type { LoaderFunctionArgs } from 'react-router';
import type { AuctionLotDetail, NumberCategory, NumberList, ReadyTariff, SimType } from '../../../shared/api-types';
import { isHttpError } from '../../../shared/http-error';
import { fetchAuctionLot, fetchAuctions } from '../../api/auctions';
import { fetchNumberCategories, searchNumbers } from '../../api/numbers';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { fetchSimTypes } from '../../api/sim-types';
import { fetchTariffs } from '../../api/tariffs';
import { optionalData } from '../../framework/deferred';
import { apiErrorOf } from '../../features/purchase/api-error';
import { pointChoices, type PointChoice } from '../../features/purchase/PointOptions';
import { apiSearch, filtersFromQuery, tooDeep, type NumberFilters } from './search-query';

/** What the options form needs once a number is held: SIM types, pickup points, ready tariffs. */
export interface PurchaseCatalogue {
  simTypes: SimType[];
  pickupPoints: PointChoice[];
  tariffs: ReadyTariff[];
}

/**
 * Why a search shows no results: the API refused it and said why in the visitor's language (a
 * bad mask), or the page is past the deepest one a page number reaches, which the page words itself.
 */
export type SearchRefusal = { kind: 'refused'; message: string } | { kind: 'tooDeep' };

export interface SearchResults extends PurchaseCatalogue {
  /** null: no search was made or the API refused it; `refusal` says why. */
  numbers: NumberList | null;
  refusal: SearchRefusal | null;
  categories: NumberCategory[];
}

const LOT_ID = /^[a-z0-9-]{1,40}$/i;

/**
 * A search the API refuses (400: a bad mask) is an answer for the visitor, not a failure. A page
 * past the bound is not asked for at all; should an API bound it lower, its `page_too_deep` reads
 * the same (its own message speaks of cursors, to developers).
 */
async function search(context: unknown, filters: NumberFilters): Promise<Pick<SearchResults, 'numbers' | 'refusal'>> {
  if (tooDeep(filters)) return { numbers: null, refusal: { kind: 'tooDeep' } };
  try {
    return { numbers: await searchNumbers(context, apiSearch(filters)), refusal: null };
  } catch (error) {
    const refused = isHttpError(error) && error.response?.status === 400 ? apiErrorOf(error) : null;
    if (refused?.code === 'page_too_deep') return { numbers: null, refusal: { kind: 'tooDeep' } };
    if (refused?.message === undefined) throw error;
    return { numbers: null, refusal: { kind: 'refused', message: refused.message } };
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
