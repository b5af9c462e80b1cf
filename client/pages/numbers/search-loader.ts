import type { LoaderFunctionArgs } from 'react-router';
import type { NumberCategory, NumberList } from '../../../shared/api-types';
import { failureStatus } from '../../../shared/api-failure';
import { fetchAuctions } from '../../api/auctions';
import { fetchNumberCategories, searchNumbers } from '../../api/numbers';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { fetchSimTypes } from '../../api/sim-types';
import { fetchTariffs } from '../../api/tariffs';
import { optionalData } from '../../framework/deferred';
import { apiErrorOf } from '../../api/api-error';
import { pointChoices } from '../../features/purchase/PointOptions';
import type { PurchaseCatalogue } from '../../features/purchase-options/catalogue';
import { apiSearch, filtersFromQuery, tooDeep, type NumberFilters } from '../../features/number-search/search-query';

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

/**
 * A search the API refuses (400: a bad mask) is an answer for the visitor, not a failure. A page
 * past the bound is not asked for at all; should an API bound it lower, its `page_too_deep` reads
 * the same (its own message speaks of cursors, to developers).
 */
async function search(context: LoaderFunctionArgs['context'], filters: NumberFilters): Promise<Pick<SearchResults, 'numbers' | 'refusal'>> {
  if (tooDeep(filters)) return { numbers: null, refusal: { kind: 'tooDeep' } };
  try {
    return { numbers: await searchNumbers(context, apiSearch(filters)), refusal: null };
  } catch (error) {
    const refused = failureStatus(error) === 400 ? apiErrorOf(error) : null;
    if (refused?.code === 'page_too_deep') return { numbers: null, refusal: { kind: 'tooDeep' } };
    if (refused?.message === undefined) throw error;
    return { numbers: null, refusal: { kind: 'refused', message: refused.message } };
  }
}

async function searchResults(context: LoaderFunctionArgs['context'], filters: NumberFilters): Promise<SearchResults> {
  const [found, categories, simTypes, pickupPoints, tariffs] = await Promise.all([
    search(context, filters),
    fetchNumberCategories(context),
    fetchSimTypes(context),
    fetchPointsOfSale(context, { service: 'sim' }).then((list) => pointChoices(list.items)),
    fetchTariffs(context),
  ]);
  return { ...found, categories, simTypes, pickupPoints, tariffs };
}

/**
 * The first page of results is rendered on the server from the query (the filters are a GET
 * form), so the page works before and without JavaScript. Nothing here throws: a refused search
 * is a message on the page, a failed call its part's error state (with Retry), with status 200.
 */
export async function searchLoader({ request, context }: LoaderFunctionArgs) {
  const filters = filtersFromQuery(new URL(request.url).searchParams);
  // Results are streamed after the page's heading when the API is slow; active lots too.
  const parts = await optionalData(context, { results: searchResults(context, filters), auctions: fetchAuctions(context, 'active') });
  return { kind: 'search' as const, filters, ...parts };
}

export type SearchData = Awaited<ReturnType<typeof searchLoader>>;
/** The search page as it renders once its results are there. */
export type SearchView = Omit<SearchData, 'results' | 'auctions'> & SearchResults;
