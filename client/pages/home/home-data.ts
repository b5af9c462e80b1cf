import type { LoaderFunctionArgs } from 'react-router';
import type { PointOfSaleList } from '../../../shared/api-types';
import { fetchNews } from '../../api/news';
import { fetchNumberCategories, searchNumbers } from '../../api/numbers';
import { fetchPointsOfSale } from '../../api/points-of-sale';
import { fetchSimTypes } from '../../api/sim-types';
import { fetchConstructorOptions, fetchTariffs } from '../../api/tariffs';

export const FEATURED_TARIFFS = 3;
export const NUMBERS_ON_OFFER = 6;
export const LATEST_NEWS = 3;

/** The offices in brief: how many, in which cities. */
export interface PointsSummary {
  offices: number;
  cities: string[];
}

function summary(list: PointOfSaleList): PointsSummary {
  return {
    offices: list.items.length,
    cities: list.cities.filter((city) => list.items.some((point) => point.city === city.id)).map((city) => city.name),
  };
}

/**
 * Each section's API call, all at once. Each is a part of its own (see optionalData): a failed
 * call is its section's error state, the other sections still show.
 */
export function homeParts(context: LoaderFunctionArgs['context']) {
  return {
    tariffs: fetchTariffs(context).then((items) => items.slice(0, FEATURED_TARIFFS)),
    constructorOptions: fetchConstructorOptions(context),
    // Free numbers are the default, not an offer.
    categories: fetchNumberCategories(context).then((items) => items.filter((category) => category.price > 0)),
    numbers: searchNumbers(context, { sort: 'price_desc', pageSize: NUMBERS_ON_OFFER }).then((list) => list.items),
    news: fetchNews(context, { pageSize: LATEST_NEWS }).then((list) => list.items),
    simTypes: fetchSimTypes(context),
    pointsOfSale: fetchPointsOfSale(context).then(summary),
  };
}
